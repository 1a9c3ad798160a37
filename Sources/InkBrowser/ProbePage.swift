/// The page ``BrowserReplay`` drives: a full-window pad that logs every pointerdown, move and up
/// with its `getCoalescedEvents()` and `getPredictedEvents()` (`timeStamp` in ms since
/// `performance.timeOrigin`, `clientX`/`clientY` in CSS px), read back as `window.inkLog`.
/// It keeps animation frames coming, as a page that draws ink does.
enum ProbePage {
    static let html = """
        <!doctype html>
        <html><head><meta charset="utf-8"><title>InkBench probe</title>
        <style>html,body{margin:0;padding:0;width:100%;height:100%;overflow:hidden}
        #pad{position:fixed;left:0;top:0;width:100vw;height:100vh;background:#eee;touch-action:none}</style>
        </head><body><div id="pad"></div>
        <script>
        window.inkLog = [];
        const pad = document.getElementById('pad');
        function rec(e) {
          const co = e.getCoalescedEvents ? e.getCoalescedEvents() : null;
          const pr = e.getPredictedEvents ? e.getPredictedEvents() : null;
          window.inkLog.push({type: e.type, t: e.timeStamp, pt: e.pointerType, x: e.clientX, y: e.clientY,
            co: co ? co.map(c => [c.timeStamp, c.clientX, c.clientY]) : null,
            pr: pr ? pr.map(c => [c.timeStamp, c.clientX, c.clientY]) : null});
        }
        for (const t of ['pointerdown', 'pointermove', 'pointerup']) pad.addEventListener(t, rec);
        function raf() { requestAnimationFrame(raf); } requestAnimationFrame(raf);
        </script></body></html>
        """
}
