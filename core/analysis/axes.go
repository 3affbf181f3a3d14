package analysis

import (
	"sort"
	"strconv"

	"github.com/archlang-go/caddy-archlang/core/ir"
)

func axesFacts(st ir.Settings) *Axes {
	if len(st.AxesX) == 0 && len(st.AxesY) == 0 {
		return nil
	}
	a := &Axes{X: []Axis{}, Y: []Axis{}}
	xs := append([]float64(nil), st.AxesX...)
	sort.Float64s(xs)
	for i, x := range xs {
		a.X = append(a.X, Axis{Pos: z(x), Label: strconv.Itoa(i + 1)})
	}
	ys := append([]float64(nil), st.AxesY...)
	sort.Sort(sort.Reverse(sort.Float64Slice(ys)))
	for i, y := range ys {
		a.Y = append(a.Y, Axis{Pos: z(y), Label: ir.AxisLetters(i)})
	}
	return a
}
