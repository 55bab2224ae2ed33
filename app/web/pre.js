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

// For scripts and tests driving the page (tests/web/drive_page.mjs), as the desktop's
// --dump-geometry and --dump-state: the chart's dots and windows, the document, the status
// line and title, and a file in the virtual file system opened as if dropped on the page.
Module['roofline'] = {
  geometry: () => JSON.parse(UTF8ToString(Module['_roofline_geometry_json']())),
  state: () => JSON.parse(UTF8ToString(Module['_roofline_state_json']())),
  status: () => ({
    message: UTF8ToString(Module['_roofline_message']()),
    error: Module['_roofline_message_is_error']() !== 0,
    title: UTF8ToString(Module['_roofline_title']()),
  }),
  frames: () => Module['_roofline_frames'](),
  tickMs: (skip) => Module['_roofline_frame_ms'](skip, 0),
  frameMs: (skip) => Module['_roofline_frame_ms'](skip, 1),
  scenarios: () => UTF8ToString(Module['_roofline_scenario_ids']()).split('\n').filter((id) => id),
  analysisJson: (id) => Module['ccall']('roofline_analysis_json', 'string', ['string'], [id]),
  open: (path) => Module['ccall']('roofline_open', null, ['string'], [path]),
};

// The settings folder (persist's settings_dir(): HOME is /home/web_user here) lives in the
// browser's IndexedDB: read in before main() runs, written back after each save (the app calls
// rooflineStoreSettings) and when the page is hidden or closed.
Module['preRun'] = Module['preRun'] || [];
Module['preRun'].push(function() {
  const dir = '/home/web_user/.config/roofline';
  FS.mkdirTree(dir);
  FS.mount(IDBFS, {}, dir);
  addRunDependency('roofline-settings');
  FS.syncfs(true, function(error) {
    if (error) console.warn('roofline: the saved settings could not be read: ' + error);
    removeRunDependency('roofline-settings');
  });
});
// One write to IndexedDB at a time; a request during one runs once it is done, except when the
// page is closing (`now`), which starts its own at once: a queued one might never run.
let rooflineStoring = false, rooflineStoreAgain = false;
Module['rooflineStoreSettings'] = function(now) {
  if (rooflineStoring && !now) { rooflineStoreAgain = true; return; }
  rooflineStoring = true;
  FS.syncfs(false, function(error) {
    if (error) console.warn('roofline: the settings could not be kept in this browser: ' + error);
    rooflineStoring = false;
    if (rooflineStoreAgain) { rooflineStoreAgain = false; Module['rooflineStoreSettings'](); }
  });
};
// Closing or hiding the page: the address written now (a replacement may be waiting for the
// browser's rate limit), then the session saved and stored at once.
const rooflineLeaving = function() {
  if (Module['rooflineHashTimer']) {
    clearTimeout(Module['rooflineHashTimer']);
    Module['rooflineHashTimer'] = 0;
    const text = Module['rooflineHash'];
    try {
      history.replaceState(null, '', text ? '#' + text : location.pathname + location.search);
    } catch (error) {}
  }
  Module['rooflineClosing'] = true;
  if (Module['_roofline_save_session']) Module['_roofline_save_session']();
  Module['rooflineClosing'] = false;
};
window.addEventListener('beforeunload', function() {
  if (Module['rooflineHashTimer']) rooflineLeaving();
});
window.addEventListener('pagehide', rooflineLeaving);
document.addEventListener('visibilitychange', function() {
  if (document.visibilityState === 'hidden') rooflineLeaving();
});
