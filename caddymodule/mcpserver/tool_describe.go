package mcpserver

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/archlang-go/caddy-archlang/core/compile"
)

var describeTool = &mcp.Tool{
	Name:  "describe",
	Title: "Describe an ArchLang plan as facts",
	Description: "Read an ArchLang plan back as machine-readable facts, without drawing it, to check that it means what you intended. " +
		"Returns one JSON text: {ok, plan, caption, units, bbox (centreline extent), bbox_outer (outer wall faces), " +
		"rooms[] {id, label?, uses, room_type, area_m2, bbox, floor_polygon | floor_circle, adjacent}, " +
		"doors[] and openings[] {id, between: two room ids or \"exterior\", width}, windows[] {id, room, width, facing (compass, after north)}, " +
		"furniture[], access {entrances, hasEntrance, edges[], rooms[] {depthFromEntrance, reachable, bottleneckClearWidth}}, " +
		"circulation, totals {rooms, doors, windows, floor_area_m2}, input_graph (room → rooms it opens into), " +
		"freedom (which positions are written vs derived), and, when the plan has them, sheet, site, axes, zones, schedule, instances, verticals, levels[], vertical; " +
		"diagnostics as compile reports them}. A plan with errors answers ok:false with empty facts and the errors to fix (isError is set).",
	Annotations: readOnly,
	InputSchema: sourceOnlySchema,
}

func (t *tools) describe(ctx context.Context, _ sourceOnly, src []byte) *mcp.CallToolResult {
	res := compile.Describe(src, compile.DescribeOptions{Ctx: ctx, Cache: t.opts.Cache, World: t.world()})
	return jsonResult(res.Facts, !res.Facts.OK)
}
