package svg

import (
	"github.com/archlang-go/caddy-archlang/core/ir"
)

// sizes are the drawing's absolute sizes in plan millimetres. Without a
// sheet they are fractions of the reference dimension; with `paper` they
// are fixed sheet millimetres times the scale denominator.
type sizes struct {
	pen, wallPen, hatch            float64
	name, area, nameDy, areaDy     float64
	labelPad                       float64
	furnText                       float64
	dimText, dimTextOff, tick      float64
	chainOpen, chainAxis, chainAll float64
	margin, pad                    float64
	chrome                         float64 // reference size of arrow, scale bar and title block
	arrowRise                      float64
}

// Sheet millimetres of the paper-mode sizes.
const (
	sheetPen       = 0.18
	sheetWallPen   = 0.5
	sheetHatch     = 1.2
	sheetName      = 3.5
	sheetArea      = 2.5
	sheetNameDy    = 0.7
	sheetAreaDy    = 3.15
	sheetLabelPad  = 0.45
	sheetFurnText  = 2
	sheetDimText   = 2.5
	sheetDimOff    = 1.75
	sheetTick      = 1.2
	sheetChainOpen = 3
	sheetChainAxis = 8.5
	sheetChainAll  = 14
	sheetMargin    = ir.SheetMarginMm
	sheetPad       = 5
	sheetChrome    = 100
	sheetContent   = 10 // clearance kept around the walls when centring on the sheet
)

func selfSimilar(s, weight float64) sizes {
	pen := fracPen * s * weight
	return sizes{
		pen: pen, wallPen: penWall * pen, hatch: fracHatch * s,
		name: fracRoomName * s, area: fracRoomArea * s, nameDy: fracNameDy * s, areaDy: fracAreaDy * s,
		labelPad: fracLabelPad * s, furnText: fracFurnText * s,
		dimText: fracDimText * s, dimTextOff: fracDimTextOff * s, tick: fracTick * s,
		chainOpen: fracChainOpenings * s, chainAxis: fracChainAxis * s, chainAll: fracChainOverall * s,
		margin: fracMargin * s, pad: fracPad * s, chrome: s, arrowRise: arrowRiseOfMargin * (fracMargin * s),
	}
}

func onSheet(d, weight float64) sizes {
	pen := sheetPen * d * weight
	return sizes{
		pen: pen, wallPen: sheetWallPen * d * weight, hatch: sheetHatch * d,
		name: sheetName * d, area: sheetArea * d, nameDy: sheetNameDy * d, areaDy: sheetAreaDy * d,
		labelPad: sheetLabelPad * d, furnText: sheetFurnText * d,
		dimText: sheetDimText * d, dimTextOff: sheetDimOff * d, tick: sheetTick * d,
		chainOpen: sheetChainOpen * d, chainAxis: sheetChainAxis * d, chainAll: sheetChainAll * d,
		margin: sheetMargin * d, pad: sheetPad * d, chrome: sheetChrome * d, arrowRise: arrowRiseOfMargin * (sheetMargin * d),
	}
}

// sheetOf returns the sheet size in mm and the scale denominator when the
// plan declares paper: the authored scale, or the one auto-fit picks for
// the building (the walls' outer faces and the rooms; what else overflows
// grows the page).
func (r *renderer) sheetOf(st ir.Settings) (w, h, d float64, ok bool) {
	w, h, _, ok = st.SheetSize()
	if !ok {
		return 0, 0, 0, false
	}
	if st.ScaleDenom > 0 && st.ScaleDenom < maxCoord {
		return w, h, st.ScaleDenom, true
	}
	fb := r.buildingBounds()
	d, _ = ir.AutoScale(w, h, fb.W(), fb.H(), st.DimsAuto != "")
	return w, h, d, true
}
