package integration

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/archlang-go/caddy-archlang/resources"
)

// twoBed is the plan the viewer test draws: a two-bedroom flat that
// compiles with one warning (the hall's label pinned outside it) and that
// lint finds four things to say about (a bathroom with no fixture, a bedroom
// with no window, two doors that hit a bed).
const twoBed = `# A two-bedroom flat: living room and kitchen along the front, two bedrooms
# and a bathroom behind, a hall at the entrance.
plan "Two-Bedroom Flat" {
  units mm
  wall id=shell exterior thickness 250 { (0,0) (9000,0) (9000,7000) (0,7000) close }
  wall id=mid partition thickness 100 { (0,4000) (9000,4000) }
  wall id=p1 partition thickness 100 { (5000,0) (5000,4000) }
  wall id=p2 partition thickness 100 { (3500,4000) (3500,7000) }
  wall id=p3 partition thickness 100 { (6000,4000) (6000,7000) }

  room id=living at (0,0)       size 5000x4000 label "Living / Kitchen" uses living
  room id=hall   at (5000,0)    size 4000x4000 label "Hall" at (4700,2000) uses hall
  room id=bed1   at (0,4000)    size 3500x3000 label "Bedroom 1" uses bedroom
  room id=bath   at (3500,4000) size 2500x3000 label "Bathroom" uses bath
  room id=bed2   at (6000,4000) size 3000x3000 label "Bedroom 2" uses bedroom

  door id=entry at (7000,0) width 1000 wall shell swing in
  door at (5000,2000) width 900 wall p1 swing in
  door at (1750,4000) width 800 wall mid swing in
  door at (4750,4000) width 800 wall mid swing in
  door at (7500,4000) width 800 wall mid swing in

  window at (2500,0)    width 2400 wall shell
  window at (0,5500)    width 1500 wall shell

  furniture bed at (300,4400) size 1600x2000 label "Bed"
  furniture bed at (7000,4400) size 1400x2000 label "Bed"
}
`

// twoStorey is a plan of two levels, drawn as two pages.
const twoStorey = `plan "Two-Storey House" {
  level 0 "Ground floor" {
    wall id=g exterior thickness 250 { (0,0) (8000,0) (8000,6000) (0,6000) close }
    room id=living at (0,0) size 8000x6000 label "Living" uses living
    door id=front at (4000,0) width 1000 wall g swing in
    window at (2000,6000) width 1800 wall g
  }
  level 1 "Upper floor" {
    wall id=u exterior thickness 250 { (0,0) (8000,0) (8000,6000) (0,6000) close }
    wall id=up partition thickness 100 { (4000,0) (4000,6000) }
    room id=b1 at (0,0) size 4000x6000 label "Bedroom A" uses bedroom
    room id=b2 at (4000,0) size 4000x6000 label "Bedroom B" uses bedroom
    door at (4000,3000) width 800 wall up swing in
    window at (2000,6000) width 1500 wall u
    window at (6000,6000) width 1500 wall u
  }
}
`

// inCI reports whether the test runs in CI, where a missing browser or npm
// package is a failure rather than a reason to skip.
func inCI() bool { return os.Getenv("CI") == "true" || os.Getenv("ARCHLANG_CI") != "" }

// need fails (in CI) or skips the test with what to install.
func need(t *testing.T, format string, args ...any) {
	t.Helper()
	msg := fmt.Sprintf(format, args...)
	if inCI() {
		t.Fatal(msg)
	}
	t.Skip(msg)
}

// rpcResult is the result member of a JSON-RPC answer of POST /mcp, read
// from a JSON body or from the data line of an SSE body.
func rpcResult(t *testing.T, body []byte) json.RawMessage {
	t.Helper()
	if i := bytes.Index(body, []byte("data:")); i >= 0 && !bytes.HasPrefix(bytes.TrimSpace(body), []byte("{")) {
		body = body[i+5:]
		if j := bytes.IndexByte(body, '\n'); j >= 0 {
			body = body[:j]
		}
	}
	var m struct {
		Result json.RawMessage `json:"result"`
		Error  any             `json:"error"`
	}
	if err := json.Unmarshal(body, &m); err != nil || m.Result == nil {
		t.Fatalf("no JSON-RPC result (%v): %.300s", err, body)
	}
	return m.Result
}

// rect is a DOMRect as the page reports it.
type rect struct{ X, Y, W, H float64 }

func (r rect) contains(o rect, slack float64) bool {
	return o.X >= r.X-slack && o.Y >= r.Y-slack && o.X+o.W <= r.X+r.W+slack && o.Y+o.H <= r.Y+r.H+slack
}

func (r rect) String() string { return fmt.Sprintf("%.0f×%.0f at (%.0f,%.0f)", r.W, r.H, r.X, r.Y) }

// viewState is what the test reads of the viewer: the stage, the drawing
// (its <svg> box), the plan's walls, the overlay, the zoom label, the theme
// and the findings.
type viewState struct {
	Stage, SVG, Walls, Frame rect
	Overlay                  string
	OverlayBox               rect
	Hit                      string
	Zoom, Theme, Bg, Status  string
	Findings                 []struct{ From, Text string }
	Where                    string
	Highlight                bool
	CSP                      string
}

const stateJS = `(() => {
  const b = (el) => { if (!el) return {X:0,Y:0,W:0,H:0}; const r = el.getBoundingClientRect(); return {X:r.x, Y:r.y, W:r.width, H:r.height}; };
  const svg = document.getElementById("drawing"), st = b(document.getElementById("stage")), e = document.getElementById("empty");
  const hit = document.elementFromPoint(st.X + st.W / 2, st.Y + st.H / 2);
  const csp = document.querySelector('meta[http-equiv="Content-Security-Policy"]');
  return {
    Stage: st, SVG: b(svg), Walls: b(svg && svg.querySelector("#A-WALL")),
    Frame: {X:0,Y:0,W:innerWidth,H:innerHeight},
    Overlay: getComputedStyle(e).display, OverlayBox: b(e),
    Hit: hit ? (hit.closest("#drawing") ? "drawing" : hit.id || hit.tagName) : "",
    Zoom: document.getElementById("zoom").textContent, Theme: document.documentElement.dataset.theme || "",
    Bg: getComputedStyle(document.body).backgroundColor, Status: document.getElementById("status").textContent,
    Findings: Array.from(document.querySelectorAll("#list li")).map((li) => ({From: li.dataset.from, Text: li.textContent})),
    Where: document.getElementById("where").hidden ? "" : document.getElementById("where").textContent,
    Highlight: !!document.getElementById("al-hl"),
    CSP: csp ? csp.content : "",
  };
})()`

// TestViewerInChromium hosts ui://archlang/viewer in headless Chromium the
// way an MCP Apps host does (AppBridge of @modelcontextprotocol/ext-apps,
// a sandboxed iframe, the specification's default CSP), feeds it a real
// compile result of the live server, and checks what a reader sees: the
// drawing fitted, no overlay, zoom, pan and Fit, the lint findings the view
// asked the server for through the host, ping and size-changed.
func TestViewerInChromium(t *testing.T) {
	chrome := ""
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			chrome = p
			break
		}
	}
	if chrome == "" {
		need(t, "no chromium on PATH: install Debian's chromium (apt-get install -y chromium), as .ci/run does")
	}
	hostDir, _ := filepath.Abs(filepath.Join("testdata", "apphost"))
	if _, err := os.Stat(filepath.Join(hostDir, "node_modules", "@modelcontextprotocol", "ext-apps", "dist", "src", "app-bridge.js")); err != nil {
		need(t, "the MCP Apps host package is not installed: run `npm ci` in integration/testdata/apphost (as .ci/run does)")
	}
	shots := os.Getenv("ARCHLANG_SCREENSHOTS")
	if shots == "" {
		shots = t.TempDir()
	} else if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}

	tc := start(t)
	// caddytest's fixed ports: another test process may be the server that
	// answers. Its viewer is then not this build's.
	_, body := post(t, tc, base+"/mcp", `{"jsonrpc":"2.0","id":1,"method":"resources/read","params":{"uri":"ui://archlang/viewer"}}`, nil)
	var read struct {
		Contents []struct{ Text string } `json:"contents"`
	}
	json.Unmarshal(rpcResult(t, body), &read)
	if embedded, _ := resources.Read(resources.ViewerURI); len(read.Contents) != 1 || read.Contents[0].Text != string(embedded) {
		t.Fatalf("the server on %s serves another build's viewer: another test process holds the fixed ports; run the test again", base)
	}
	_, body = post(t, tc, base+"/mcp", toolCall(1, "compile", map[string]any{"source": twoBed}), nil)
	compileResult := rpcResult(t, body)
	var compileRes struct {
		Content []struct{ Text string } `json:"content"`
	}
	var compileEnv struct {
		OK          bool
		Diagnostics []struct{ Code string }
	}
	if json.Unmarshal(compileResult, &compileRes) != nil || len(compileRes.Content) == 0 || json.Unmarshal([]byte(compileRes.Content[0].Text), &compileEnv) != nil || !compileEnv.OK || len(compileEnv.Diagnostics) == 0 {
		t.Fatalf("compile of the test plan: want ok with a warning, got %s", compileResult)
	}
	_, body = post(t, tc, base+"/mcp", toolCall(2, "lint", map[string]any{"source": twoBed}), nil)
	var lintRes struct {
		Content []struct{ Text string } `json:"content"`
	}
	if err := json.Unmarshal(rpcResult(t, body), &lintRes); err != nil || len(lintRes.Content) == 0 {
		t.Fatalf("lint: %v %s", err, body)
	}
	var lintEnv struct {
		Diagnostics []struct {
			Code string `json:"code"`
			Line int    `json:"line"`
		} `json:"diagnostics"`
	}
	if err := json.Unmarshal([]byte(lintRes.Content[0].Text), &lintEnv); err != nil || len(lintEnv.Diagnostics) == 0 {
		t.Fatalf("lint of the test plan found nothing (%v): %s", err, lintRes.Content[0].Text)
	}

	// The host's own server: the host page, node_modules, and /mcp proxied
	// to the live server.
	mux := http.NewServeMux()
	mux.HandleFunc("/{$}", func(w http.ResponseWriter, r *http.Request) {
		http.ServeFile(w, r, filepath.Join(hostDir, "host.html"))
	})
	files := http.FileServer(http.Dir(filepath.Join(hostDir, "node_modules")))
	mux.Handle("/node_modules/", http.StripPrefix("/node_modules/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, ".js") || strings.HasSuffix(r.URL.Path, ".mjs") {
			w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
		}
		files.ServeHTTP(w, r)
	})))
	var proxied sync.Map
	mux.HandleFunc("POST /mcp", func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		var m struct {
			Method string `json:"method"`
			Params struct {
				Name string `json:"name"`
			} `json:"params"`
		}
		json.Unmarshal(b, &m)
		proxied.Store(strings.TrimSuffix(m.Method+" "+m.Params.Name, " "), true)
		req, _ := http.NewRequestWithContext(r.Context(), http.MethodPost, base+"/mcp", bytes.NewReader(b))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		res, err := tc.Client.Do(req)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		defer res.Body.Close()
		out, _ := io.ReadAll(res.Body)
		if i := bytes.Index(out, []byte("data:")); i >= 0 && !bytes.HasPrefix(bytes.TrimSpace(out), []byte("{")) {
			out = out[i+5:]
			if j := bytes.IndexByte(out, '\n'); j >= 0 {
				out = out[:j]
			}
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write(out)
	})
	hostSrv := httptest.NewServer(mux)
	defer hostSrv.Close()

	const winW, winH = 940, 680
	actx, cancelA := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(chrome),
		chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		// Keep the sandboxed view in the page's process, so the test can
		// read its DOM through an isolated world of its frame.
		chromedp.Flag("disable-features", "IsolateSandboxedIframes,Translate"),
		chromedp.Flag("disable-site-isolation-trials", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(winW, winH),
	)
	defer cancelA()
	bctx, cancelB := chromedp.NewContext(actx)
	defer cancelB()
	var mu sync.Mutex
	var console []string
	if err := chromedp.Listen(bctx, func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch e := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			if e.Type == runtime.ConsoleAPICalledTypeDebug {
				return
			}
			var parts []string
			for _, a := range e.Args {
				parts = append(parts, string(a.Value)+a.Description)
			}
			console = append(console, string(e.Type)+": "+strings.Join(parts, " "))
		case *runtime.EventExceptionThrown:
			console = append(console, fmt.Sprintf("exception: %s %v", e.ExceptionDetails.Text, e.ExceptionDetails.Exception))
		}
	}); err != nil {
		need(t, "chromium did not start (%v): install Debian's chromium (apt-get install -y chromium)", err)
	}
	defer func() {
		if t.Failed() {
			mu.Lock()
			for _, c := range console {
				t.Logf("console %s", c)
			}
			mu.Unlock()
		}
	}()
	ctx, cancel := context.WithTimeout(bctx, 60*time.Second)
	defer cancel()

	run := func(what string, steps ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, steps...); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	eval := func(what, js string, out any) {
		t.Helper()
		raw, err := chromedp.Run(ctx, chromedp.Evaluate[[]byte](js, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if out != nil {
			if err := json.Unmarshal(raw, out); err != nil {
				t.Fatalf("%s: %v (%s)", what, err, raw)
			}
		}
	}

	run("open the host page", chromedp.EmulateViewport(winW, winH), chromedp.Navigate(hostSrv.URL+"/"))
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`window.hostReady === true`, chromedp.WithPollingTimeout(15*time.Second))); err != nil {
		t.Fatalf("the host page did not load AppBridge: %v", err)
	}
	start := fmt.Sprintf(`startHost({width: 900, height: 640, theme: "light", input: {source: %s}, result: %s})`, mustJSON(twoBed), compileResult)
	eval("mount the viewer", start, nil)

	// The view's frame, and an isolated world in it to read its DOM (made
	// again until it sees the view's document, not the frame's first
	// about:blank).
	var frameCtx runtime.ExecutionContextID
	var frameBox rect
	inFrame := func(p *runtime.EvaluateParams) { p.ContextID = frameCtx }
	attach := func() {
		t.Helper()
		for end := time.Now().Add(15 * time.Second); ; time.Sleep(100 * time.Millisecond) {
			err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
				tree, err := cdp.Call(ctx, tg, page.GetFrameTree, cdp.Empty{})
				if err != nil {
					return err
				}
				if len(tree.FrameTree.ChildFrames) != 1 {
					return fmt.Errorf("%d child frames, want the view's one", len(tree.FrameTree.ChildFrames))
				}
				w, err := cdp.Call(ctx, tg, page.CreateIsolatedWorld, page.CreateIsolatedWorldParams{FrameID: tree.FrameTree.ChildFrames[0].Frame.ID, WorldName: "viewer-test"})
				frameCtx = w.ExecutionContextID
				return err
			}))
			if err == nil {
				if ok, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`!!document.getElementById("stage")`, inFrame)); ok {
					break
				}
			}
			if time.Now().After(end) {
				t.Fatalf("no view document in the iframe: %v", err)
			}
		}
		eval("the view's frame", `(() => { const r = document.querySelector("iframe").getBoundingClientRect(); return {X: r.x, Y: r.y, W: r.width, H: r.height}; })()`, &frameBox)
	}
	attach()
	state := func() viewState {
		t.Helper()
		// Two frames, so that resize observers have run.
		v, err := chromedp.Run(ctx, chromedp.Evaluate[viewState](`new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))).then(() => `+stateJS+`)`, inFrame, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatalf("read the view: %v", err)
		}
		return v
	}
	waitFor := func(what, js string) {
		t.Helper()
		for end := time.Now().Add(20 * time.Second); ; time.Sleep(50 * time.Millisecond) {
			ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](js, inFrame))
			if err == nil && ok {
				return
			}
			if time.Now().After(end) {
				dbg, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`location.href + " " + document.documentElement.outerHTML.slice(0, 1500)`, inFrame))
				t.Fatalf("waiting for %s: %v (%s)", what, err, dbg)
			}
		}
	}
	// at is a page point for a point of the view.
	at := func(x, y float64) (float64, float64) { return frameBox.X + x, frameBox.Y + y }
	clickIn := func(sel string) {
		t.Helper()
		var r rect
		raw, err := chromedp.Run(ctx, chromedp.Evaluate[[]byte](`(() => { const r = document.querySelector(`+mustJSON(sel)+`).getBoundingClientRect(); return {X: r.x, Y: r.y, W: r.width, H: r.height}; })()`, inFrame))
		if err != nil || json.Unmarshal(raw, &r) != nil || r.W == 0 {
			t.Fatalf("no %s in the view: %v", sel, err)
		}
		x, y := at(r.X+r.W/2, r.Y+r.H/2)
		run("click "+sel, chromedp.MouseClickXY(x, y))
	}
	screenshot := func(name string) {
		t.Helper()
		png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatalf("screenshot: %v", err)
		}
		p := filepath.Join(shots, name)
		if err := os.WriteFile(p, png, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("screenshot %s", p)
	}

	waitFor("the drawing", `!!document.querySelector("#drawing #A-WALL")`)
	waitFor("lint's findings", `!!document.querySelector('#list li[data-from="lint"]')`)
	v := state()
	first := v

	// The drawing is shown inline under the default CSP, fitted: its box
	// fills the stage in one direction and holds the whole plan.
	if !strings.Contains(v.CSP, "img-src 'self' data:") || !strings.Contains(v.CSP, "default-src 'none'") {
		t.Errorf("the view's policy is not the specification's default: %q", v.CSP)
	}
	if v.Overlay != "none" || v.OverlayBox.W != 0 {
		t.Errorf("the \"No drawing yet\" overlay is still shown: display %s, box %v", v.Overlay, v.OverlayBox)
	}
	if v.Hit != "drawing" {
		t.Errorf("the middle of the stage shows %q, not the drawing", v.Hit)
	}
	fill := math.Max(v.SVG.W/v.Stage.W, v.SVG.H/v.Stage.H)
	if fill < 0.9 || !v.Stage.contains(v.SVG, 1) {
		t.Errorf("not fitted: drawing %v in stage %v (fills %.0f%%)", v.SVG, v.Stage, fill*100)
	}
	if plan := math.Max(v.Walls.W/v.Stage.W, v.Walls.H/v.Stage.H); plan < 0.6 || !v.Stage.contains(v.Walls, 1) || !v.SVG.contains(v.Walls, 1) {
		t.Errorf("the plan's walls %v do not fill the stage %v (%.0f%%) or leave it", v.Walls, v.Stage, plan*100)
	}
	if v.Stage.H < 300 || v.Stage.W < 800 {
		t.Errorf("the stage is %v in a 900×640 container", v.Stage)
	}

	// Compile's diagnostics and lint's findings, the latter fetched by the
	// view through the host (tools/call).
	lintShown, compileShown := 0, 0
	for _, f := range v.Findings {
		switch f.From {
		case "lint":
			lintShown++
		case "compile":
			compileShown++
			if !strings.Contains(f.Text, compileEnv.Diagnostics[0].Code) {
				t.Errorf("compile's finding reads %q, want %s", f.Text, compileEnv.Diagnostics[0].Code)
			}
		}
	}
	if compileShown != len(compileEnv.Diagnostics) {
		t.Errorf("the view lists %d compile diagnostics, the result has %d: %+v", compileShown, len(compileEnv.Diagnostics), v.Findings)
	}
	if lintShown != len(lintEnv.Diagnostics) {
		t.Errorf("the view lists %d lint findings, the server has %d: %+v", lintShown, len(lintEnv.Diagnostics), v.Findings)
	}
	if _, ok := proxied.Load("tools/call lint"); !ok {
		t.Errorf("the host forwarded no tools/call of lint to the server")
	}
	screenshot("viewer-1-first-view.png")

	// Clicking a finding with a location selects it and says where.
	clickIn(`#list li.loc[data-from="lint"]`)
	v = state()
	if want := fmt.Sprintf("line %d:", lintEnv.Diagnostics[0].Line); !strings.HasPrefix(v.Where, want) {
		t.Errorf("the selected finding shows %q, want %q…", v.Where, want)
	}
	if !v.Highlight {
		t.Errorf("the selected finding (a room statement) has no outline on the drawing")
	}

	// Zoom: the + button, the wheel and the + key each enlarge the drawing.
	clickIn("#in")
	z1 := state()
	if r := z1.SVG.W / first.SVG.W; math.Abs(r-1.25) > 0.01 {
		t.Errorf("+ zoomed by %.3f, want 1.25", r)
	}
	cx, cy := at(first.Stage.X+first.Stage.W/2, first.Stage.Y+first.Stage.H/2)
	run("wheel", chromedp.MouseEvent(chromedp.MouseWheel, cx, cy, func(p *input.DispatchMouseEventParams) { p.DeltaX, p.DeltaY = 1e-6, -200 }))
	waitFor("the wheel zoom", fmt.Sprintf(`document.getElementById("drawing").getBoundingClientRect().width > %f`, z1.SVG.W+1))
	z2 := state()
	run("+ key", chromedp.KeyEvent("+"))
	z3 := state()
	if z3.SVG.W <= z2.SVG.W*1.2 {
		t.Errorf("the + key did not zoom: %v then %v", z2.SVG, z3.SVG)
	}
	if z3.Zoom == first.Zoom {
		t.Errorf("the zoom label stayed %q", z3.Zoom)
	}
	// Pan: a drag moves the drawing by the drag.
	run("drag",
		chromedp.MouseEvent(chromedp.MousePressed, cx, cy, chromedp.ButtonLeft),
		chromedp.MouseEvent(chromedp.MouseMoved, cx+60, cy+30, chromedp.ButtonLeft),
		chromedp.MouseEvent(chromedp.MouseMoved, cx+120, cy+60, chromedp.ButtonLeft),
		chromedp.MouseEvent(chromedp.MouseReleased, cx+120, cy+60, chromedp.ButtonLeft),
	)
	p := state()
	if dx, dy := p.SVG.X-z3.SVG.X, p.SVG.Y-z3.SVG.Y; math.Abs(dx-120) > 2 || math.Abs(dy-60) > 2 {
		t.Errorf("a drag of (120,60) moved the drawing by (%.0f,%.0f)", dx, dy)
	}
	screenshot("viewer-2-zoomed.png")

	// Fit restores the first view; so do the 0 key and a double-click.
	same := func(what string, a, b rect) {
		t.Helper()
		if math.Abs(a.X-b.X) > 1 || math.Abs(a.Y-b.Y) > 1 || math.Abs(a.W-b.W) > 1 || math.Abs(a.H-b.H) > 1 {
			t.Errorf("%s: drawing %v, first view %v", what, a, b)
		}
	}
	clickIn("#fit")
	same("Fit", state().SVG, first.SVG)
	run("- key", chromedp.KeyEvent("-"))
	if w := state().SVG.W; w >= first.SVG.W {
		t.Errorf("the - key did not zoom out: %v", w)
	}
	run("0 key", chromedp.KeyEvent("0"))
	same("the 0 key", state().SVG, first.SVG)
	run("wheel", chromedp.MouseEvent(chromedp.MouseWheel, cx, cy, func(p *input.DispatchMouseEventParams) { p.DeltaX, p.DeltaY = 1e-6, 300 }))
	run("double-click", chromedp.MouseClickXY(cx, cy, chromedp.ClickCount(1)), chromedp.MouseClickXY(cx, cy, chromedp.ClickCount(2)))
	same("a double-click", state().SVG, first.SVG)

	// Touch: two fingers spread apart zoom about their midpoint; one finger
	// pans.
	touch := func(typ input.DispatchTouchEventType, pts ...[2]float64) chromedp.Action[chromedp.Void] {
		return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			p := input.DispatchTouchEventParams{Type: typ, TouchPoints: []*input.TouchPoint{}}
			for i, pt := range pts {
				id := float64(i + 1)
				p.TouchPoints = append(p.TouchPoints, &input.TouchPoint{X: pt[0], Y: pt[1], ID: &id})
			}
			_, err := cdp.Call(ctx, tg, input.DispatchTouchEvent, p)
			return err
		})
	}
	pinch := []chromedp.Action[chromedp.Void]{touch(input.DispatchTouchEventTypeTouchStart, [2]float64{cx - 50, cy}, [2]float64{cx + 50, cy})}
	for d := 60.0; d <= 100; d += 10 {
		pinch = append(pinch, touch(input.DispatchTouchEventTypeTouchMove, [2]float64{cx - d, cy}, [2]float64{cx + d, cy}))
	}
	run("pinch", append(pinch, touch(input.DispatchTouchEventTypeTouchEnd))...)
	pz := state()
	// Under load the browser may coalesce the last touch moves, so the
	// pinch need not land on exactly 2×; it must clearly zoom in.
	if r := pz.SVG.W / first.SVG.W; r < 1.6 || r > 2.05 {
		t.Errorf("a pinch from 100 to 200 px zoomed by %.2f, want about 2", r)
	}
	run("one-finger drag",
		touch(input.DispatchTouchEventTypeTouchStart, [2]float64{cx, cy}),
		touch(input.DispatchTouchEventTypeTouchMove, [2]float64{cx + 40, cy + 20}),
		touch(input.DispatchTouchEventTypeTouchMove, [2]float64{cx + 80, cy + 40}),
		touch(input.DispatchTouchEventTypeTouchEnd),
	)
	if v := state(); math.Abs(v.SVG.X-pz.SVG.X-80) > 2 || math.Abs(v.SVG.Y-pz.SVG.Y-40) > 2 {
		t.Errorf("a one-finger drag of (80,40) moved the drawing by (%.0f,%.0f)", v.SVG.X-pz.SVG.X, v.SVG.Y-pz.SVG.Y)
	}
	clickIn("#fit")
	same("Fit after touch", state().SVG, first.SVG)

	// ping is answered; size-changed was sent; the handshake went through.
	var pong string
	eval("ping", `hostPing()`, &pong)
	if pong != "{}" {
		t.Errorf("ping answered %q", pong)
	}
	var log struct {
		Initialized bool
		SizeChanges []struct{ Width, Height float64 }
		ToolCalls   []string
		Errors      []string
		Meta        map[string]map[string]any
		AppInfo     struct{ Name string }
	}
	eval("the host's log", `({Initialized: hostLog.initialized, SizeChanges: hostLog.sizeChanges, ToolCalls: hostLog.toolCalls, Errors: hostLog.errors, Meta: hostLog.meta, AppInfo: hostLog.appInfo})`, &log)
	if !log.Initialized || log.AppInfo.Name == "" {
		t.Errorf("no ui/notifications/initialized, or no appInfo: %+v", log)
	}
	if len(log.SizeChanges) == 0 || log.SizeChanges[0].Width <= 0 || log.SizeChanges[0].Height <= 0 {
		t.Errorf("no ui/notifications/size-changed: %+v", log.SizeChanges)
	}
	if len(log.ToolCalls) != 1 || log.ToolCalls[0] != "lint" {
		t.Errorf("the view's tool calls: %v, want [lint]", log.ToolCalls)
	}
	if len(log.Errors) > 0 {
		t.Errorf("host page errors: %v", log.Errors)
	}
	if ui := log.Meta["ui"]; ui == nil || ui["prefersBorder"] != true || ui["csp"] == nil {
		t.Errorf("the viewer resource's _meta.ui: %v", log.Meta)
	}

	// Dark theme from the host context.
	eval("dark theme", `setTheme("dark")`, nil)
	waitFor("the dark theme", `document.documentElement.dataset.theme === "dark"`)
	if v := state(); v.Bg == first.Bg {
		t.Errorf("the dark theme left the background %s", v.Bg)
	}
	screenshot("viewer-3-dark.png")

	// A multi-storey result: a level switcher, and each level fitted.
	_, body = post(t, tc, base+"/mcp", toolCall(3, "compile", map[string]any{"source": twoStorey}), nil)
	eval("a two-storey result", fmt.Sprintf(`sendResult({source: %s}, %s)`, mustJSON(twoStorey), rpcResult(t, body)), nil)
	waitFor("the level switcher", `!document.getElementById("level").hidden && document.getElementById("drawing").textContent.includes("Ground floor")`)
	var levels []string
	raw, err := chromedp.Run(ctx, chromedp.Evaluate[[]byte](`Array.from(document.getElementById("level").options).map((o) => o.text)`, inFrame))
	if err != nil || json.Unmarshal(raw, &levels) != nil || len(levels) != 2 {
		t.Errorf("level switcher: %v %s", err, raw)
	}
	run("pick level 1", chromedp.Evaluate[chromedp.Void](`(() => { const s = document.getElementById("level"); s.value = "1"; s.dispatchEvent(new Event("change")); })()`, inFrame))
	waitFor("level 1", `document.getElementById("drawing").textContent.includes("Bedroom A")`)
	if v := state(); math.Max(v.SVG.W/v.Stage.W, v.SVG.H/v.Stage.H) < 0.9 || !v.Stage.contains(v.Walls, 1) {
		t.Errorf("level 1 is not fitted: drawing %v, walls %v, stage %v", v.SVG, v.Walls, v.Stage)
	}
	screenshot("viewer-4-level-1.png")

	// A plan that does not compile: no drawing, the overlay says so, the
	// errors are listed, and lint is not asked.
	broken := "plan \"Broken\" {\n  room at (0,0) size 3000x banana\n}\n"
	_, body = post(t, tc, base+"/mcp", toolCall(4, "compile", map[string]any{"source": broken}), nil)
	eval("a failed compile", fmt.Sprintf(`sendResult({source: %s}, %s)`, mustJSON(broken), rpcResult(t, body)), nil)
	waitFor("the failed compile", `!document.getElementById("drawing") && !document.getElementById("empty").hidden`)
	v = state()
	if v.Overlay == "none" || len(v.Findings) == 0 || !strings.Contains(v.Findings[0].Text, "error") {
		t.Errorf("a failed compile shows overlay %q and findings %+v", v.Overlay, v.Findings)
	}
	var calls int
	eval("tool calls", `hostLog.toolCalls.length`, &calls)
	if calls != 2 {
		t.Errorf("%d tool calls after a failed compile, want 2 (lint of each plan that compiled)", calls)
	}

	// Teardown is answered.
	eval("teardown", `bridge.teardownResource({}).then(() => true)`, nil)

	// A host whose container has a width and a maximum height only: the
	// view asks for its height with size-changed, the host sizes the frame
	// to it, and the drawing is fitted in the view's own stage.
	run("open the host page again", chromedp.EmulateViewport(winW, 720), chromedp.Navigate(hostSrv.URL+"/"))
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`window.hostReady === true`, chromedp.WithPollingTimeout(15*time.Second))); err != nil {
		t.Fatalf("the host page did not load AppBridge: %v", err)
	}
	eval("mount the viewer at its own height", fmt.Sprintf(`startHost({width: 900, theme: "light", input: {source: %s}, result: %s})`, mustJSON(twoBed), compileResult), nil)
	attach()
	waitFor("lint's findings", `!!document.querySelector('#list li[data-from="lint"]')`)
	var sized struct{ Frame, Last float64 }
	for end := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		eval("the frame's height", `({Frame: document.querySelector("iframe").clientHeight, Last: hostLog.sizeChanges.length ? hostLog.sizeChanges[hostLog.sizeChanges.length - 1].height : 0})`, &sized)
		if sized.Last > 0 && math.Abs(sized.Frame-sized.Last) < 1 || time.Now().After(end) {
			break
		}
	}
	v = state()
	if math.Abs(sized.Frame-sized.Last) >= 1 || sized.Last < v.Stage.Y+v.Stage.H || sized.Last > 900 {
		t.Errorf("the view asked for %.0f px (its stage ends at %.0f), the frame is %.0f px", sized.Last, v.Stage.Y+v.Stage.H, sized.Frame)
	}
	if fill := math.Max(v.SVG.W/v.Stage.W, v.SVG.H/v.Stage.H); fill < 0.9 || !v.Stage.contains(v.SVG, 1) || v.Overlay != "none" {
		t.Errorf("at its own height: drawing %v in stage %v, overlay %s", v.SVG, v.Stage, v.Overlay)
	}
	screenshot("viewer-5-own-height.png")

	// Full screen, asked of the host (ui/request-display-mode): the view
	// fills the 700 px frame the host gives it and fits the drawing again.
	clickIn("#full")
	waitFor("full screen", `document.body.classList.contains("fill") && document.getElementById("stage").getBoundingClientRect().height > 420`)
	v = state()
	if fill := math.Max(v.SVG.W/v.Stage.W, v.SVG.H/v.Stage.H); fill < 0.9 || !v.Stage.contains(v.SVG, 1) || v.Frame.H != 700 {
		t.Errorf("full screen: drawing %v in stage %v, view %v", v.SVG, v.Stage, v.Frame)
	}
	screenshot("viewer-6-fullscreen.png")
	var modes []string
	eval("display modes", `hostLog.modes`, &modes)
	if len(modes) != 1 || modes[0] != "fullscreen" {
		t.Errorf("display modes asked: %v", modes)
	}
}

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}
