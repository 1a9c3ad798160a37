/// The capture page's HTML, served by ``CapturePage`` and saved by `bench capture --write`: a
/// self-contained page (no build step, no external scripts) that records pen, touch and mouse
/// strokes with every digitizer sample and the browser's own predictions, and exports
/// `inkbench-capture` JSON.
///
/// The page lives here, compiled into bench (as ``ProbePage`` does), so that any `bench` binary,
/// installed or built, serves it without a resource bundle to find (see docs/capture.md). Edit it
/// in place: it is a raw string (`#"""`), so backslashes are the page's own.
extension CapturePage {
    static let text = #"""
        <!doctype html>
        <!--
          InkBench capture page: records pen, touch and mouse strokes with every digitizer sample
          (PointerEvent.getCoalescedEvents()) and the browser's own predictions
          (PointerEvent.getPredictedEvents()), and exports an "inkbench-capture" JSON file that
          `bench` reads directly (`bench --traces capture.json --strategies none,kalman-chromium,recorded`).
          Self-contained: no build step, no other origin. Serve it with `bench capture --serve` (localhost,
          or HTTPS for a tablet: cross-origin isolated); served with --into DIR, "Save to laptop" POSTs
          each capture to /captures?device=NAME. See docs/capture.md.
        -->
        <html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1, user-scalable=no">
        <title>InkBench capture</title>
        <style>
          html, body { margin: 0; height: 100%; overflow: hidden; font: 14px system-ui, sans-serif; background: #fafafa; }
          #bar { position: fixed; left: 0; right: 0; top: 0; padding: 6px 10px; background: #20242c; color: #eee;
                 display: flex; flex-wrap: wrap; gap: 8px; align-items: center; z-index: 2; }
          #bar button { font: inherit; padding: 4px 10px; border-radius: 4px; border: 1px solid #667; background: #39404d; color: #fff; }
          #bar .info { color: #bfc6d4; }
          #bar input { font: inherit; padding: 3px 6px; border-radius: 4px; border: 1px solid #667; }
          #status { position: fixed; left: 0; right: 0; top: 40px; padding: 6px 10px; font-size: 13px; z-index: 2; }
          #status.ok { background: #e3f4e1; color: #1d4d1a; }
          #status.warn { background: #fff1d6; color: #5e4200; }
          #status.bad { background: #fde2e1; color: #6b1210; }
          canvas { position: fixed; left: 0; top: 0; touch-action: none; user-select: none; -webkit-user-select: none;
                   -webkit-touch-callout: none; }
          #calib { position: fixed; inset: 0; background: rgba(250,250,250,.97); z-index: 3; display: none;
                   flex-direction: column; align-items: center; justify-content: center; gap: 14px; }
          #card { border: 2px solid #1b5fd6; border-radius: 10px; background: #dfe9fb; height: 0; }
        </style></head>
        <body>
        <div id="bar">
          <strong>InkBench capture</strong>
          <button id="calibrate">Calibrate scale</button>
          <button id="clear">Clear</button>
          <button id="export">Export</button>
          <span id="uploads" style="display: none">
            <input id="device" placeholder="device, e.g. iPad Pro 11 M4 + Pencil Pro" maxlength="80" size="30">
            <button id="save">Save to laptop</button>
          </span>
          <span class="info" id="scale"></span>
          <span class="info" id="count">0 strokes</span>
        </div>
        <div id="status"></div>
        <canvas id="ink"></canvas><canvas id="tail"></canvas>
        <div id="calib">
          <div>Hold a credit card (85.6 mm wide) against the screen and drag the slider until the blue card matches its width.</div>
          <div id="card"></div>
          <input id="cardWidth" type="range" min="150" max="900" step="0.5" style="width: 80%">
          <div><button id="calibDone">Use this scale</button> <button id="calibReset">Back to 96 px per inch</button></div>
        </div>
        <script>
        "use strict";
        (() => {
          const CARD_MM = 85.6, DEFAULT_PX_PER_MM = 96 / 25.4;
          const ink = document.getElementById('ink'), tail = document.getElementById('tail');
          const ictx = ink.getContext('2d'), tctx = tail.getContext('2d');
          const strokes = [];          // {pointerType, pointerId, samples: [[t,x,y,p,tiltX,tiltY,twist]], predicted: [[[t,x,y]]]}
          const active = new Map();    // pointerId -> stroke
          let pxPerMm = Number(localStorage.getItem('inkbench.pxPerMm')) || DEFAULT_PX_PER_MM;
          let calibrated = localStorage.getItem('inkbench.pxPerMm') !== null;

          const probe = document.createElement('div');
          const features = {
            secureContext: self.isSecureContext === true,
            crossOriginIsolated: self.crossOriginIsolated === true,
            pointerEvents: 'PointerEvent' in self,
            coalescedEvents: 'PointerEvent' in self && 'getCoalescedEvents' in PointerEvent.prototype,
            predictedEvents: 'PointerEvent' in self && 'getPredictedEvents' in PointerEvent.prototype,
          };

          function showStatus() {
            const s = document.getElementById('status');
            const problems = [];
            if (!features.pointerEvents) problems.push('this browser has no Pointer Events: nothing can be recorded.');
            if (!features.secureContext) problems.push('the page is not a secure context (plain HTTP on a LAN address), so the browser hides getCoalescedEvents() and cross-origin isolation: open it from localhost (bench capture --serve) or over HTTPS.');
            else if (!features.coalescedEvents) problems.push('getCoalescedEvents() is missing: only one sample per frame is recorded, not every digitizer sample.');
            if (!features.predictedEvents) problems.push('getPredictedEvents() is missing: the browser\'s predictions cannot be recorded (recorded will not apply).');
            if (features.secureContext && !features.crossOriginIsolated) problems.push('not cross-origin isolated (no COOP/COEP headers): timestamps are rounded to 0.1 ms (Safari: 1 ms) instead of 5 µs (Safari: 20 µs).');
            s.className = problems.length === 0 ? 'ok' : (features.coalescedEvents && features.pointerEvents ? 'warn' : 'bad');
            s.textContent = problems.length === 0
              ? 'Ready: every digitizer sample (getCoalescedEvents), the browser\'s predictions (getPredictedEvents), cross-origin isolated timestamps.'
              : 'Note: ' + problems.join(' ');
          }

          function showScale() {
            document.getElementById('scale').textContent = pxPerMm.toFixed(3) + ' CSS px per mm (' +
              (calibrated ? 'calibrated' : '96 px per inch: not calibrated') + ')';
            document.getElementById('count').textContent = strokes.length + (strokes.length === 1 ? ' stroke' : ' strokes') +
              ', ' + strokes.reduce((n, s) => n + s.samples.length, 0) + ' samples';
          }

          function resize() {
            for (const c of [ink, tail]) { c.width = innerWidth * devicePixelRatio; c.height = innerHeight * devicePixelRatio;
              c.style.width = innerWidth + 'px'; c.style.height = innerHeight + 'px'; }
            redraw();
          }

          function redraw() {
            ictx.setTransform(devicePixelRatio, 0, 0, devicePixelRatio, 0, 0);
            tctx.setTransform(devicePixelRatio, 0, 0, devicePixelRatio, 0, 0);
            ictx.clearRect(0, 0, innerWidth, innerHeight);
            tctx.clearRect(0, 0, innerWidth, innerHeight);
            for (const s of strokes) for (let i = 1; i < s.samples.length; i++) segment(s.samples[i - 1], s.samples[i]);
          }

          function segment(a, b) {
            ictx.strokeStyle = '#111'; ictx.lineCap = 'round';
            ictx.lineWidth = 1 + 3 * (b[3] > 0 ? b[3] : 0.5);
            ictx.beginPath(); ictx.moveTo(a[1], a[2]); ictx.lineTo(b[1], b[2]); ictx.stroke();
          }

          function drawTail(from, points) {
            tctx.clearRect(0, 0, innerWidth, innerHeight);
            if (!points.length) return;
            tctx.strokeStyle = '#e0352b'; tctx.lineWidth = 3; tctx.beginPath(); tctx.moveTo(from[1], from[2]);
            for (const p of points) tctx.lineTo(p[1], p[2]);
            tctx.stroke();
          }

          function sampleOf(e) {
            return [e.timeStamp, e.clientX, e.clientY, e.pressure, e.tiltX || 0, e.tiltY || 0, e.twist || 0];
          }

          function onDown(e) {
            if (e.target !== tail) return;
            // No preventDefault() here: in WebKitGTK 2.50 it stops every later pointermove of a mouse-
            // or WebDriver-driven pointer (docs/capture.md); touch-action: none already keeps the
            // browser from scrolling or zooming, and user-select: none from selecting.
            tail.setPointerCapture && tail.setPointerCapture(e.pointerId);
            const s = {pointerType: e.pointerType, pointerId: e.pointerId, samples: [sampleOf(e)], predicted: [[]]};
            strokes.push(s); active.set(e.pointerId, s); showScale();
          }

          function onMove(e) {
            const s = active.get(e.pointerId);
            if (!s) return;
            e.preventDefault();
            const list = features.coalescedEvents ? e.getCoalescedEvents() : [];
            const coalesced = list.length ? list : [e];
            for (const c of coalesced) {
              const prev = s.samples[s.samples.length - 1];
              s.samples.push(sampleOf(c)); s.predicted.push([]);
              segment(prev, s.samples[s.samples.length - 1]);
            }
            if (features.predictedEvents) {
              const pr = e.getPredictedEvents().map(p => [p.timeStamp, p.clientX, p.clientY]);
              s.predicted[s.predicted.length - 1] = pr;
              drawTail(s.samples[s.samples.length - 1], pr);
            }
            if (s.samples.length % 24 === 0) showScale();
          }

          function onUp(e) {
            if (!active.has(e.pointerId)) return;
            active.delete(e.pointerId);
            tctx.clearRect(0, 0, innerWidth, innerHeight);
            showScale();
          }

          function exportText() {
            return JSON.stringify({
              format: 'inkbench-capture', version: 1,
              userAgent: navigator.userAgent, devicePixelRatio: devicePixelRatio,
              screen: {width: screen.width, height: screen.height, availWidth: screen.availWidth, availHeight: screen.availHeight},
              viewport: {width: innerWidth, height: innerHeight},
              pxPerMm: pxPerMm, calibrated: calibrated,
              calibration: calibrated ? 'credit card ' + CARD_MM + ' mm = ' + (pxPerMm * CARD_MM).toFixed(1) + ' CSS px'
                                      : '96 CSS px per inch (not calibrated)',
              features: features, timeOrigin: performance.timeOrigin, exported: new Date().toISOString(),
              sampleFields: ['timeStamp_ms', 'clientX_px', 'clientY_px', 'pressure', 'tiltX_deg', 'tiltY_deg', 'twist_deg'],
              strokes: strokes,
            });
          }

          function download() {
            const blob = new Blob([exportText()], {type: 'application/json'});
            const a = document.createElement('a');
            a.href = URL.createObjectURL(blob);
            a.download = 'inkbench-capture-' + new Date().toISOString().replace(/[:.]/g, '-') + '.json';
            document.body.appendChild(a); a.click(); a.remove();
            setTimeout(() => URL.revokeObjectURL(a.href), 1000);
          }

          const calib = document.getElementById('calib'), card = document.getElementById('card'), slider = document.getElementById('cardWidth');
          function showCard() { card.style.width = slider.value + 'px'; card.style.height = (slider.value * 53.98 / CARD_MM) + 'px'; }
          document.getElementById('calibrate').onclick = () => { slider.value = pxPerMm * CARD_MM; showCard(); calib.style.display = 'flex'; };
          slider.oninput = showCard;
          document.getElementById('calibDone').onclick = () => {
            pxPerMm = Number(slider.value) / CARD_MM; calibrated = true;
            localStorage.setItem('inkbench.pxPerMm', String(pxPerMm)); calib.style.display = 'none'; showScale();
          };
          document.getElementById('calibReset').onclick = () => {
            pxPerMm = DEFAULT_PX_PER_MM; calibrated = false; localStorage.removeItem('inkbench.pxPerMm');
            calib.style.display = 'none'; showScale();
          };
          document.getElementById('clear').onclick = () => { strokes.length = 0; active.clear(); redraw(); showScale(); };
          document.getElementById('export').onclick = download;

          // Uploads: on when the server says so (bench capture --serve --into DIR).
          const deviceInput = document.getElementById('device');
          deviceInput.value = localStorage.getItem('inkbench.device') || '';
          let uploads = null;
          fetch('captures/info').then(r => r.ok ? r.json() : null).then(info => {
            if (!info || !info.uploads) return;
            uploads = info; document.getElementById('uploads').style.display = '';
          }).catch(() => {});
          function tell(kind, text) { const s = document.getElementById('status'); s.className = kind; s.textContent = text; }
          async function save() {
            const device = deviceInput.value.trim();
            const refuse = text => { tell('bad', text); return {error: text}; };
            if (!device) { deviceInput.focus(); return refuse('Type the device (tablet and pen) first: it is saved with the capture.'); }
            if (!strokes.length) return refuse('Nothing to save: draw first.');
            localStorage.setItem('inkbench.device', device);
            tell('warn', 'Saving...');
            let answer;
            try {
              const r = await fetch('captures?device=' + encodeURIComponent(device), {method: 'POST', body: exportText(),
                headers: {'Content-Type': 'application/json'}});
              answer = await r.json().catch(() => ({error: 'HTTP ' + r.status}));
              if (!r.ok && !answer.error) answer.error = 'HTTP ' + r.status;
            } catch (e) { answer = {error: 'cannot reach the laptop (' + e + ')'}; }
            if (answer.error) { tell('bad', 'Not saved: ' + answer.error); return answer; }
            tell('ok', 'Saved ' + answer.saved + ' (' + answer.strokes + ' strokes, ' + answer.samples + ' samples) in ' + answer.folder +
              ' on the laptop. Cleared for the next capture.');
            strokes.length = 0; active.clear(); redraw(); showScale();
            return answer;
          }
          document.getElementById('save').onclick = save;
          tail.addEventListener('pointerdown', onDown);
          tail.addEventListener('pointermove', onMove);
          tail.addEventListener('pointerup', onUp);
          tail.addEventListener('pointercancel', onUp);
          addEventListener('resize', resize);
          window.inkCapture = {strokes, features, exportText, save, uploadsOn: () => uploads !== null,
            setDevice(v) { deviceInput.value = v; }, setScale(v, isCalibrated) { pxPerMm = v; calibrated = !!isCalibrated; showScale(); }};
          resize(); showStatus(); showScale();
        })();
        </script>
        </body></html>

        """#
}
