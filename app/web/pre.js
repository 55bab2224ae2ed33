// roofline's web build: JavaScript the program's EM_JS functions share (linked with --pre-js).

// Hands `blob` to the browser as a download named `name`.
Module['rooflineDownload'] = function(blob, name) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
};
