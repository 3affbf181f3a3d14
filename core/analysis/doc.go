// Package analysis reads a resolved plan back as facts: describe's semantic
// summary (rooms, areas, adjacency, what every door, window and opening
// connects, the furniture, the access graph, the circulation walk, the
// freedom report, zones, storeys and a one-sentence caption). It renders
// nothing and never changes the plan.
//
// Entry points:
//
//   - Describe(plan, Options) *Facts: the whole answer. Facts encodes to
//     the reference's describe JSON (field order, omitted keys and nulls
//     included); the facade fills in Diagnostics. Empty() is the answer for
//     a plan that did not compile; Analyze(plan) is Describe without
//     filters. Options narrow the answer by storey, zone or room (display
//     filters); SelectKeys keeps chosen top-level keys of the encoding.
//   - Summarize(plan) *Summary: one storey's facts.
//   - NewModel(plan) *Model: the derived geometry the facts share, for the
//     lint and intent layers: Model.Touch (rooms each opening touches),
//     Model.Between (a connector's two sides), Model.WindowRoom,
//     Model.Facing, Model.Edges (the access graph's connectors) and
//     Model.Reachability (depth and bottleneck per room).
//   - Classification: RoomUses / InferUses (uses read from a label or id,
//     with the matched term and whether it was an indirect alias) and
//     RoomType (the room_type of a set of uses).
//   - Geometry: RoomArea / RoomAreaM2 / Round2, DistToRoom, OpeningRooms,
//     RoomAt / RoomContains, PageCardinal / Compass, SiteDirection, CellSize.
//   - Indexes: geom.RectIndex (boxes meeting a box, in index order) and
//     Model.RoomsNear, so that nothing per opening or per room scans every
//     room.
//
// Budgets: a storey's adjacency compares at most MaxRoomPairs room pairs
// and lists at most MaxAdjacencies adjacent pairs; a cut list is named in
// the storey's Truncated. Numbers that overflow encode as null, as the
// reference writes them (Facts.MarshalJSON).
//
// Circulation is measured on a nav grid: rooms rasterised at CellSize,
// walls solid (a curved wall along its chord), furniture, columns and
// vertical runs inflated by BodyRadiusMm, and each door or cased opening a
// one-cell corridor through its wall (or, when furniture crowds the
// floor behind its centre, one per line of its clear width that reaches
// open floor on both sides). The walk is 4-connected from the first
// entrance's doorway cell to each room's free cell nearest its centre;
// the bottleneck is the widest path's narrowest step into the room (a
// route's: from anywhere in its room into the other): a connector's clear
// width, or the width the furniture leaves around a cell (its clearance
// from the nearest halo cell, measured straight through walls); the first
// cell past a doorway on its +x or +y side, and the floors of the rooms a
// walk joins, squeeze nothing.
//
// Its cost is near-linear in the grid, whatever the number of rooms: one
// breadth-first search from the entrance gives every walk's length; one
// widest-path search, on widths numbered by rank and settled from a bucket
// per rank, labels the whole grid, and each room's walk is read off the
// steps into it (widest.go); the nearest room of a functional route comes
// from one search from all the candidate rooms at once, and every route's
// width from one pass that joins the grid's cells into sets from the widest
// down, answering each route where its two rooms first meet (routesets.go).
// The per-cell arrays are borrowed from a small free list (scratch.go), so
// describing plan after plan does not reallocate them.
//
// Everything is deterministic: lists follow source order, never map order.
package analysis
