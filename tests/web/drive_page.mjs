// The web build driven as a user would, over the DevTools protocol of headless Chromium (node's
// standard library only). Run by tests/web/check_web.sh:
//   node drive_page.mjs URL
// Checks, in one page:
//  1. the first frame arrives (its time after navigation is reported; goal 1 s on loopback);
//  2. after the drag, a new page with no link comes back to the session (kept in IndexedDB);
//     a drag of the fc dot 240 px to the right raises the batch (real mouse events through
//     emscripten's GLFW and ImGui); the median main-thread time per frame is reported;
//  3. while nothing changes the page draws no frames (its main loop is paused): the frames and
//     the main thread's CPU time over 2 s idle are reported;
//  4. a broken scenario opened as if dropped shows its error and keeps the session (the batch of
//     the drag, the title);
//  5. the address follows the document; a link (#gpu=h200&batch=64, #lesson=batching&step=3)
//     opens its scenario and lesson step, a bad one says why;
//  6. Ctrl+O opens the browser's file picker and the scenario picked there opens;
//  7. Ctrl+S downloads the scenario file;
//  8. with OUT_DIR, the page's analysis JSON of every built-in scenario is written to
//     OUT_DIR/analyses/ID.json, for check_web.sh to compare with roofline-cli's byte for byte,
//     and the first frames' pictures (web.png at 1280 x 800, web2x.png at device pixel ratio 2)
//     to OUT_DIR, for it to compare with the desktop's.
// Prints one line per check; exits 1 on the first failure.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const base = process.argv[2];
const outDir = process.argv[3];  // where the pictures and the analyses go, for check_web.sh
if (!base) {
  console.error('usage: node drive_page.mjs URL [OUT_DIR]');
  process.exit(2);
}
const profile = mkdtempSync(join(tmpdir(), 'roofline-chromium-'));
// The DevTools protocol over a pipe (--remote-debugging-pipe: JSON messages ended by NUL on
// file descriptors 3 and 4), so no WebSocket client is needed, whatever node's version.
const chrome = spawn('chromium', [
  '--headless=new', '--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
  '--no-first-run', `--user-data-dir=${profile}`, '--remote-debugging-pipe',
  '--window-size=1280,800', 'about:blank'], { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] });

// Chromium is killed and its profile removed once it has gone (it writes until then).
function finish(code) {
  chrome.removeAllListeners('exit');
  chrome.on('exit', () => {
    rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
    process.exit(code);
  });
  chrome.kill('SIGKILL');
}
// A failed check stops the rest: it is thrown, and reported once.
class CheckFailed extends Error {}
function fail(message) {
  throw new CheckFailed(message);
}
let failed = false;
const report = (error) => {
  if (failed) return;
  failed = true;
  console.log(`FAIL: ${error instanceof CheckFailed ? error.message : error.stack || error}`);
  finish(1);
};
process.on('uncaughtException', report);
process.on('unhandledRejection', report);
const timer = setTimeout(() => report(new CheckFailed('the checks took over 100 s')), 100000);
chrome.on('exit', (code) => report(new CheckFailed(`Chromium ended (${code})`)));

let nextId = 1;
const pending = new Map();
const listeners = [];
// The next event `method` of `sessionId` (a DevTools event: Page.fileChooserOpened, ...).
function nextEvent(method, sessionId) {
  return new Promise((resolve) => {
    const listener = (message) => {
      if (message.method !== method || message.sessionId !== sessionId) return;
      listeners.splice(listeners.indexOf(listener), 1);
      resolve(message.params);
    };
    listeners.push(listener);
  });
}
let received = '';
chrome.stdio[4].on('data', (chunk) => {
  received += chunk.toString('utf8');
  let end;
  while ((end = received.indexOf('\0')) >= 0) {
    const message = JSON.parse(received.slice(0, end));
    received = received.slice(end + 1);
    if (message.method) for (const listener of listeners) listener(message);
    if (message.id && pending.has(message.id)) {
      const { resolve, reject } = pending.get(message.id);
      pending.delete(message.id);
      if (message.error) reject(new Error(message.error.message));
      else resolve(message.result);
    }
  }
});
function send(method, params = {}, sessionId = undefined) {
  const id = nextId++;
  chrome.stdio[3].write(JSON.stringify({ id, method, params, sessionId }) + '\0');
  return new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// A page of its own for each check that navigates.
async function openPage(url, deviceScaleFactor = 0) {
  const { targetId } = await send('Target.createTarget', { url: 'about:blank' });
  const { sessionId } = await send('Target.attachToTarget', { targetId, flatten: true });
  const page = {
    sessionId,
    send: (method, params) => send(method, params, sessionId),
    async eval(expression) {
      const r = await send('Runtime.evaluate',
                           { expression, awaitPromise: true, returnByValue: true }, sessionId);
      if (r.exceptionDetails) throw new Error(`${expression}: ${r.exceptionDetails.text}`);
      return r.result.value;
    },
  };
  await page.send('Page.enable');
  await page.send('Performance.enable');
  if (deviceScaleFactor > 0) {
    await page.send('Emulation.setDeviceMetricsOverride',
                    { width: 1280, height: 800, deviceScaleFactor, mobile: false });
  }
  await page.send('Page.navigate', { url });
  return page;
}

async function firstFrame(page) {
  for (let i = 0; i < 600; ++i) {
    const ms = await page.eval('typeof Module !== "undefined" && Module.firstFrameMs || 0');
    if (ms > 0) return ms;
    await sleep(50);
  }
  fail('no first frame within 30 s');
}

async function mouse(page, type, x, y, buttons = 0) {
  await page.send('Input.dispatchMouseEvent', {
    type, x, y, button: type === 'mouseMoved' ? 'none' : 'left', buttons,
    clickCount: type === 'mouseMoved' ? 0 : 1 });
}

// The browser's own start (its profile, its GPU process) falls on the first page it opens: that
// page is reported apart, and the first frame is measured on a second.
const cold = await openPage(`${base}/index.html`, 1);  // 1280 x 800, as the desktop picture
const coldMs = await firstFrame(cold);

// 0. The pictures of the default scenario's first frames, for check_web.sh to compare with the
// desktop's: at 1280 x 800, and at a device pixel ratio of 2. A new visitor's page: before any
// page of this profile has changed the session it restores.
async function picture(target, name) {
  await sleep(500);
  const { data } = await target.send('Page.captureScreenshot', { format: 'png' });
  if (outDir) writeFileSync(join(outDir, name), Buffer.from(data, 'base64'));
}
await picture(cold, 'web.png');
const sharp = await openPage(`${base}/index.html`, 2);
await firstFrame(sharp);
await picture(sharp, 'web2x.png');
// Drags the fc dot `dx` px to the right with the mouse; the batch before and after.
async function dragFc(target, dx) {
  const g = await target.eval('Module.roofline.geometry()');
  const from = (await target.eval('Module.roofline.state()')).batch;
  const [x, y] = g.markers['group:fc'];
  await mouse(target, 'mouseMoved', x, y);
  await sleep(100);
  await mouse(target, 'mousePressed', x, y, 1);
  await sleep(100);
  for (let step = 1; step <= 12; ++step) {
    await mouse(target, 'mouseMoved', x + (dx * step) / 12, y, 1);
    await sleep(50);
  }
  await mouse(target, 'mouseReleased', x + dx, y);
  await sleep(300);
  return [from, (await target.eval('Module.roofline.state()')).batch];
}

const page = await openPage(`${base}/index.html`);
const firstMs = await firstFrame(page);
console.log(`first frame ${firstMs.toFixed(0)} ms after navigation (${coldMs.toFixed(0)} ms in ` +
            'a browser that had just started)');
await sleep(300);

// 2. The drag.
const [before, after] = await dragFc(page, 240);
if (!(after > before)) fail(`dragging the fc dot did not raise the batch (${before} -> ${after})`);
console.log(`drag: the fc dot 240 px right raised the batch from ${before} to ${after}`);
const tickMs = await page.eval('Module.roofline.tickMs(5)');
const frameMs = await page.eval('Module.roofline.frameMs(5)');
console.log(`frame: median ${tickMs.toFixed(2)} ms of main-thread time for the UI and chart ` +
            `(goal 2 ms), ${frameMs.toFixed(1)} ms with the WebGL calls (SwiftShader draws on ` +
            'the CPU here)');

// The session is kept in the browser: a page opened with no link comes back to it.
await sleep(500);
const again = await openPage(`${base}/index.html`);
await firstFrame(again);
const restored = await again.eval('Module.roofline.state()');
if (restored.batch !== after)
  fail(`a new page did not come back to the session (batch ${restored.batch}, not ${after})`);
console.log(`session: a new page with no link came back to batch ${restored.batch} ` +
            `("${(await again.eval('Module.roofline.status()')).title}")`);
// Back to the first page: a hidden page gets no animation frames, so it would draw nothing.
await page.send('Page.bringToFront');
await sleep(200);
// A reload comes back with the address (#batch=...), which is the session's own scenario: the
// session, changed mark and all.
// The page has unsaved changes: the browser asks before it leaves (beforeunload), and the
// test answers "Reload".
const asked = nextEvent('Page.javascriptDialogOpening', page.sessionId);
page.send('Page.reload');
const dialog = await Promise.race([asked, sleep(5000).then(() => null)]);
if (!dialog || dialog.type !== 'beforeunload')
  fail('leaving a page with unsaved changes did not ask first (beforeunload)');
await page.send('Page.handleJavaScriptDialog', { accept: true });
await sleep(300);
await firstFrame(page);
const reloaded = await page.eval('[Module.roofline.state().batch, Module.roofline.status().title]');
if (reloaded[0] !== after || !reloaded[1].endsWith('•'))
  fail(`a reload did not come back to the session with its changes (batch ${reloaded[0]}, ` +
       `title "${reloaded[1]}")`);
console.log(`reload: the browser asked first (beforeunload); batch ${reloaded[0]}, ` +
            `"${reloaded[1]}" (still changed)`);


// 3. Idle: no frames and (nearly) no CPU while nothing changes. The mouse leaves the canvas
// first (a hover can animate a tooltip).
await mouse(page, 'mouseMoved', 1279, 799);
await sleep(1000);
const metric = async (name) =>
  (await page.send('Performance.getMetrics')).metrics.find((m) => m.name === name)?.value ?? 0;
const frames0 = await page.eval('Module.roofline.frames()');
const cpu0 = await metric('TaskDuration');
await sleep(2000);
const frames1 = await page.eval('Module.roofline.frames()');
const cpu1 = await metric('TaskDuration');
const idleFrames = frames1 - frames0;
const idleCpu = (100 * (cpu1 - cpu0)) / 2;
console.log(`idle: ${idleFrames} frames in 2 s, main thread busy ${idleCpu.toFixed(2)} % ` +
            '(the page polls for this report)');
if (idleFrames > 0) fail(`the page drew ${idleFrames} frames in 2 s with nothing changing`);

// 4. A broken scenario opened as if dropped: its error, and the session kept.
const titleBefore = (await page.eval('Module.roofline.status()')).title;
await page.eval(`FS.mkdirTree('/uploads');
  FS.writeFile('/uploads/broken.roofline.json', '{"model": "llama-3-8b", "batch": ');
  Module.roofline.open('/uploads/broken.roofline.json')`);
await sleep(500);
const status = await page.eval('Module.roofline.status()');
const kept = (await page.eval('Module.roofline.state()')).batch;
if (!status.error || !status.message.includes('broken.roofline.json'))
  fail(`opening a broken scenario showed no error naming it: "${status.message}"`);
if (kept !== after || status.title !== titleBefore)
  fail(`opening a broken scenario changed the session (batch ${after} -> ${kept}, title ` +
       `"${titleBefore}" -> "${status.title}")`);
console.log(`broken file: "${status.message}"; batch ${kept} and title "${status.title}" kept`);

// 5. Links: the address follows the document; a link opens its scenario, and its lesson step.
const address = await page.eval('location.hash');
if (!address.includes(`batch=${after}`))
  fail(`the address does not follow the document: "${address}" after the drag to batch ${after}`);
console.log(`address after the drag: ${address}`);
const linked = await openPage(`${base}/index.html#gpu=h200&model=llama-3-70b&batch=64`);
await firstFrame(linked);
const linkedState = await linked.eval('Module.roofline.state()');
if (linkedState.gpu !== 'h200' || linkedState.model !== 'llama-3-70b' || linkedState.batch !== 64)
  fail(`#gpu=h200&model=llama-3-70b&batch=64 opened gpu ${linkedState.gpu}, model ` +
       `${linkedState.model}, batch ${linkedState.batch}`);
console.log('link #gpu=h200&model=llama-3-70b&batch=64: that scenario opened');
const lessonPage = await openPage(`${base}/index.html#lesson=batching&step=3`);
await firstFrame(lessonPage);
await sleep(300);
const lessonTitle = (await lessonPage.eval('Module.roofline.status()')).title;
const lessonAddress = await lessonPage.eval('location.hash');
const lessonState = await lessonPage.eval('Module.roofline.state()');
if (lessonAddress !== '#lesson=batching&step=3' || lessonState.batch !== 64)
  fail(`#lesson=batching&step=3 did not open the lesson's step 3 (address "${lessonAddress}")`);
console.log(`link #lesson=batching&step=3: the lesson at step 3 ("${lessonTitle}", ` +
            `address ${lessonAddress})`);
const badPage = await openPage(`${base}/index.html#batch=lots`);
await firstFrame(badPage);
const bad = await badPage.eval('Module.roofline.status()');
const badState = await badPage.eval('Module.roofline.state()');
if (!bad.error || !bad.message.startsWith("link: batch: expected a positive integer, got 'lots'"))
  fail(`#batch=lots showed "${bad.message}"`);
if (badState.batch !== 1 || badState.gpu !== 'h100-sxm' || badState.model !== 'llama-3-8b')
  fail(`#batch=lots did not keep the default scenario (gpu ${badState.gpu}, batch ${badState.batch})`);
console.log(`link #batch=lots: "${bad.message}", the default scenario kept`);

// 6. File > Open (Ctrl+O) is the browser's file picker: a scenario chosen there opens.
// Ctrl+letter as a keyboard sends it: Control down, the letter down and up, Control up
// (emscripten's GLFW takes the modifiers from the keys it saw go down).
async function ctrlKey(target, letter) {
  const send = (type, key, code, keyCode, modifiers) =>
    target.send('Input.dispatchKeyEvent',
                { type, key, code, windowsVirtualKeyCode: keyCode, modifiers });
  const keyCode = letter.toUpperCase().charCodeAt(0);
  const code = `Key${letter.toUpperCase()}`;
  await send('rawKeyDown', 'Control', 'ControlLeft', 17, 2);
  await sleep(30);
  await send('rawKeyDown', letter, code, keyCode, 2);
  await sleep(60);
  await send('keyUp', letter, code, keyCode, 2);
  await sleep(30);
  await send('keyUp', 'Control', 'ControlLeft', 17, 0);
  await sleep(60);
}
// (The default scenario by link: not the session the pages above left, which has changes and
// would ask "Save changes?" first.)
const picker = await openPage(`${base}/index.html#batch=1`);
await firstFrame(picker);
await picker.send('Page.setInterceptFileChooserDialog', { enabled: true });
const scenarioPath = join(profile, 'picked.roofline.json');
writeFileSync(scenarioPath, JSON.stringify({ gpu: 'l4', model: 'llama-3-8b', batch: 4 }));
const chooser = nextEvent('Page.fileChooserOpened', picker.sessionId);
await ctrlKey(picker, 'o');
const opened = await Promise.race([chooser, sleep(5000).then(() => null)]);
if (!opened) fail('Ctrl+O opened no file picker');
await picker.send('DOM.setFileInputFiles',
                  { files: [scenarioPath], backendNodeId: opened.backendNodeId });
let pickedState = null;
for (let i = 0; i < 50 && pickedState?.gpu !== 'l4'; ++i) {
  await sleep(100);
  pickedState = await picker.eval('Module.roofline.state()');
}
if (pickedState.gpu !== 'l4' || pickedState.batch !== 4)
  fail(`the scenario chosen in the picker did not open (gpu ${pickedState.gpu})`);
console.log(`Ctrl+O: the browser's picker; picked.roofline.json opened ` +
            `("${(await picker.eval('Module.roofline.status()')).title}")`);

// 7. Save (Ctrl+S) after a change is a download of the scenario file as it is now.
const [, changedBatch] = await dragFc(picker, 120);
if (changedBatch === 4) fail('the drag on the picked scenario did not change its batch');
if (!(await picker.eval('Module.roofline.status()')).title.endsWith('•'))
  fail('the changed scenario is not marked as changed');
const downloads = join(profile, 'downloads');
await send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads });
await ctrlKey(picker, 's');
const saved = join(downloads, 'picked.roofline.json');
for (let i = 0; i < 50 && !existsSync(saved); ++i) await sleep(100);
if (!existsSync(saved)) fail('Ctrl+S downloaded no picked.roofline.json');
await sleep(200);
const savedFile = JSON.parse(readFileSync(saved, 'utf8'));
const savedTitle = (await picker.eval('Module.roofline.status()')).title;
if (savedFile.gpu !== 'l4' || savedFile.batch !== changedBatch || savedTitle.endsWith('•'))
  fail(`the downloaded scenario holds gpu ${savedFile.gpu}, batch ${savedFile.batch} (want ` +
       `${changedBatch}); title "${savedTitle}"`);
console.log(`Ctrl+S: picked.roofline.json downloaded with batch ${changedBatch} (dragged from 4); ` +
            `"${savedTitle}" no longer marked`);

// 8. The same numbers: the page's analyses, for the shell to compare with roofline-cli's.
if (outDir) {
  const ids = await picker.eval('Module.roofline.scenarios()');
  for (const id of ids) {
    const text = await picker.eval(`Module.roofline.analysisJson(${JSON.stringify(id)})`);
    if (!text) fail(`the page has no analysis of the built-in scenario '${id}'`);
    writeFileSync(join(outDir, 'analyses', `${id}.json`), text);
  }
  console.log(`analyses of the ${ids.length} built-in scenarios written for the comparison`);
}

clearTimeout(timer);
console.log('PASS: the page draws, drags, idles, refuses a broken file, opens links and files, saves');
finish(0);
