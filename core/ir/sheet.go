package ir

// The sheet rules every stage shares: the ISO paper sizes, the margins and
// bands a drawing keeps clear on its sheet, and the two fit tests (the
// scale auto-fit picks, and the check of an authored scale). Lengths here
// are sheet millimetres.
const (
	// SheetMarginMm is the page margin, each side.
	SheetMarginMm = 15
	// autoDimsBandMm and autoChromeBandMm are what auto-fit keeps clear:
	// the dimension band on each side with `dims auto`, and the bottom
	// chrome.
	autoDimsBandMm   = 16.5
	autoChromeBandMm = 25
	// checkDimsBandMm, checkChromeMm and checkTitleRowMm are what the check
	// of an authored scale keeps clear: the dimension band on each side
	// with `dims auto`, the bottom chrome, and one more band per title
	// block row (the SCALE row counts).
	checkDimsBandMm = 18.25
	checkChromeMm   = 10
	checkTitleRowMm = 4.6
)

// isoPaper holds the ISO 216 sheet sizes, portrait (width, height).
var isoPaper = map[string][2]float64{
	"A4": {210, 297}, "A3": {297, 420}, "A2": {420, 594}, "A1": {594, 841}, "A0": {841, 1189},
}

// AutoScales are the scale denominators auto-fit tries, finest first.
var AutoScales = []float64{50, 100, 200, 500}

// SheetSize returns the declared paper's width and height in mm, turned to
// its orientation, and the orientation's name; ok is false when the plan
// declares no (known) paper.
func (st Settings) SheetSize() (w, h float64, orientation string, ok bool) {
	sz, ok := isoPaper[st.Paper]
	if !ok {
		return 0, 0, "", false
	}
	if st.Orientation != "portrait" {
		return sz[1], sz[0], "landscape", true
	}
	return sz[0], sz[1], "portrait", true
}

// AutoScale is the finest of AutoScales at which a building of bw×bh plan
// mm fits a w×h sheet, and true; or the coarsest and false when none does.
func AutoScale(w, h, bw, bh float64, dimsAuto bool) (denom float64, fits bool) {
	band := 0.0
	if dimsAuto {
		band = 2 * autoDimsBandMm
	}
	for _, d := range AutoScales {
		if bw/d <= w-2*SheetMarginMm-band && bh/d <= h-2*SheetMarginMm-band-autoChromeBandMm {
			return d, true
		}
	}
	return AutoScales[len(AutoScales)-1], false
}

// FitsAuthored reports whether a building of bw×bh plan mm fits a w×h
// sheet at 1:d, with a title block of titleRows rows.
func FitsAuthored(w, h, bw, bh, d float64, dimsAuto bool, titleRows int) bool {
	band := 0.0
	if dimsAuto {
		band = 2 * checkDimsBandMm
	}
	chrome := checkChromeMm + checkTitleRowMm*float64(titleRows)
	return bw/d <= w-2*SheetMarginMm-band+1e-9 && bh/d <= h-2*SheetMarginMm-band-chrome+1e-9
}

// TitleRows is how many rows the plan's title block draws: the SCALE row
// and one per title field.
func (p *Plan) TitleRows() int {
	if p.Title == nil {
		return 1
	}
	return 1 + len(p.Title.Fields)
}
