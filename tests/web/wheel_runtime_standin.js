// Stand-in for pygbag's pythons.js that runs the real game on Pyodide (WebAssembly
// CPython from npm) with the pygame-ce WebAssembly wheel, the way the webcheck harness
// does, but inside the game's own page (tests/web/test_offline_wheel.py). It is served
// from another origin as RUNTIME/0.9.3/pythons.js, with Pyodide in RUNTIME/pyodide/ and the
// wheel in RUNTIME/: the page's service worker must keep all of them for an offline reload.
window.MM = { UME: false };
window.out = [];
window.errors = [];
window.state = "loading";
(async () => {
    const runtime = new URL("../", new URL(config.cdn, location.href)).href;
    const { loadPyodide } = await import(runtime + "pyodide/pyodide.mjs");
    window.loader_say("unpacking");
    const py = await loadPyodide({
        indexURL: runtime + "pyodide/",
        stdout: (s) => window.out.push(s),
        stderr: (s) => { window.out.push(s); window.errors.push(s); },
    });
    window.py = py;
    py.canvas.setCanvas2D(document.getElementById("canvas"));
    await py.loadPackage(runtime + "pygame_ce-2.5.7-cp314-cp314-pyemscripten_2026_0_wasm32.whl");
    const response = await fetch(config.archive + ".tar.gz");
    py.FS.writeFile("/tmp/app.tar.gz", new Uint8Array(await response.arrayBuffer()));
    await py.runPythonAsync(`
import asyncio, os, sys, tarfile, platform, js
from pyodide.ffi import create_once_callable
appdir = "/data/data/${config.archive}"
os.makedirs(appdir, exist_ok=True)
with tarfile.open("/tmp/app.tar.gz", "r:gz") as t:
    t.extractall(appdir, filter="tar")
os.chdir(f"{appdir}/assets")
sys.path.insert(0, f"{appdir}/assets")
sys.argv = ["main.py"]
platform.window = js
_sleep = asyncio.sleep

async def _frame_sleep(delay, result=None):
    # pygbag resumes "await asyncio.sleep(0)" at the next animation frame
    if delay > 0:
        return await _sleep(delay, result)
    done = asyncio.get_running_loop().create_future()
    js.requestAnimationFrame(create_once_callable(lambda _t: done.done() or done.set_result(result)))
    return await done

asyncio.sleep = _frame_sleep
`);
    window.loader_say("ready");
    while (!window.MM.UME) await new Promise((r) => setTimeout(r, 50));
    window.loader_say("starting");
    window.state = "running";
    py.runPythonAsync("import main\nawait main.main()").then(
        () => { window.state = "exited"; },
        (e) => { window.state = "crashed"; window.errors.push(String(e)); });
})().catch((e) => { window.state = "crashed"; window.errors.push(String(e)); });
