// Code generated from the catalogue by TestCodeConstants (go test ./core/diag -update); DO NOT EDIT.

package diag

// The catalogue's codes as constants, so that a misspelt code does not
// compile.
const (
	// ErrInputTooLarge is E_INPUT_TOO_LARGE: input over the host's byte cap.
	ErrInputTooLarge = "E_INPUT_TOO_LARGE"
	// ErrRateLimited is E_RATE_LIMITED: request refused by the host's rate limit.
	ErrRateLimited = "E_RATE_LIMITED"
	// InfoFindingsTruncated is I_FINDINGS_TRUNCATED: list of findings cut at the report's cap.
	InfoFindingsTruncated = "I_FINDINGS_TRUNCATED"
	// ErrAccPlacement is E_ACC_PLACEMENT: accessibility metadata below plan level.
	ErrAccPlacement = "E_ACC_PLACEMENT"
	// ErrArcRadius is E_ARC_RADIUS: arc radius cannot span its chord.
	ErrArcRadius = "E_ARC_RADIUS"
	// ErrArgcount is E_ARGCOUNT: component call has the wrong argument count.
	ErrArgcount = "E_ARGCOUNT"
	// ErrArity is E_ARITY: built-in function given the wrong argument count.
	ErrArity = "E_ARITY"
	// ErrAssignUndef is E_ASSIGN_UNDEF: assignment to a name that was never declared.
	ErrAssignUndef = "E_ASSIGN_UNDEF"
	// ErrAttachPosRange is E_ATTACH_POS_RANGE: attached opening position lies off its wall.
	ErrAttachPosRange = "E_ATTACH_POS_RANGE"
	// ErrAttachWallRef is E_ATTACH_WALL_REF: attached opening names no single wall.
	ErrAttachWallRef = "E_ATTACH_WALL_REF"
	// ErrCallDepth is E_CALL_DEPTH: value-function calls nest too deeply.
	ErrCallDepth = "E_CALL_DEPTH"
	// ErrColumnSize is E_COLUMN_SIZE: column size is not positive.
	ErrColumnSize = "E_COLUMN_SIZE"
	// ErrDimCurveRef is E_DIM_CURVE_REF: radius or diameter dimension points at no suitable curve.
	ErrDimCurveRef = "E_DIM_CURVE_REF"
	// ErrDivZero is E_DIV_ZERO: division or remainder by zero.
	ErrDivZero = "E_DIV_ZERO"
	// ErrDomain is E_DOMAIN: argument outside the built-in's domain.
	ErrDomain = "E_DOMAIN"
	// ErrDoorKindClause is E_DOOR_KIND_CLAUSE: clause does not apply to this door kind.
	ErrDoorKindClause = "E_DOOR_KIND_CLAUSE"
	// ErrDoorKindCurved is E_DOOR_KIND_CURVED: sliding-family door on a curved wall.
	ErrDoorKindCurved = "E_DOOR_KIND_CURVED"
	// ErrDoorOpenRange is E_DOOR_OPEN_RANGE: open fraction outside 0 to 1.
	ErrDoorOpenRange = "E_DOOR_OPEN_RANGE"
	// ErrDoorWidth is E_DOOR_WIDTH: door width is not positive.
	ErrDoorWidth = "E_DOOR_WIDTH"
	// ErrDottedDecl is E_DOTTED_DECL: declaration of a dotted name.
	ErrDottedDecl = "E_DOTTED_DECL"
	// ErrDupID is E_DUP_ID: two elements share one id.
	ErrDupID = "E_DUP_ID"
	// ErrDupInstance is E_DUP_INSTANCE: two place statements use one instance name.
	ErrDupInstance = "E_DUP_INSTANCE"
	// ErrFurnAgainst is E_FURN_AGAINST: against-wall placement is incomplete or invalid.
	ErrFurnAgainst = "E_FURN_AGAINST"
	// ErrFurnFlush is E_FURN_FLUSH: flush on a piece anchored to no edge.
	ErrFurnFlush = "E_FURN_FLUSH"
	// ErrFurnRoom is E_FURN_ROOM: furniture placed in a room id that does not exist.
	ErrFurnRoom = "E_FURN_ROOM"
	// ErrFurnRotate is E_FURN_ROTATE: furniture rotation is not a quarter turn.
	ErrFurnRotate = "E_FURN_ROTATE"
	// ErrFurnSize is E_FURN_SIZE: furniture size is not positive.
	ErrFurnSize = "E_FURN_SIZE"
	// ErrImportBadSpec is E_IMPORT_BAD_SPEC: import spec is not a module reference.
	ErrImportBadSpec = "E_IMPORT_BAD_SPEC"
	// ErrImportConflict is E_IMPORT_CONFLICT: imported component clashes with an existing name.
	ErrImportConflict = "E_IMPORT_CONFLICT"
	// ErrImportCycle is E_IMPORT_CYCLE: modules import one another in a loop.
	ErrImportCycle = "E_IMPORT_CYCLE"
	// ErrImportNotExported is E_IMPORT_NOT_EXPORTED: module has no component of that name.
	ErrImportNotExported = "E_IMPORT_NOT_EXPORTED"
	// ErrImportNotFound is E_IMPORT_NOT_FOUND: imported module could not be read.
	ErrImportNotFound = "E_IMPORT_NOT_FOUND"
	// ErrImportParse is E_IMPORT_PARSE: imported module does not parse.
	ErrImportParse = "E_IMPORT_PARSE"
	// ErrIndex is E_INDEX: array index out of bounds.
	ErrIndex = "E_INDEX"
	// ErrIntentNoDoor is E_INTENT_NO_DOOR: reachability asserted but the plan has no entrance.
	ErrIntentNoDoor = "E_INTENT_NO_DOOR"
	// ErrIntentNoSite is E_INTENT_NO_SITE: symbolic window facing asserted without a site.
	ErrIntentNoSite = "E_INTENT_NO_SITE"
	// ErrIntentNoWindow is E_INTENT_NO_WINDOW: room has fewer windows than the brief asks for.
	ErrIntentNoWindow = "E_INTENT_NO_WINDOW"
	// ErrIntentNotAdjacent is E_INTENT_NOT_ADJACENT: rooms the brief pairs are not joined by a door.
	ErrIntentNotAdjacent = "E_INTENT_NOT_ADJACENT"
	// ErrIntentRoomArea is E_INTENT_ROOM_AREA: room area outside the brief's range.
	ErrIntentRoomArea = "E_INTENT_ROOM_AREA"
	// ErrIntentRoomCount is E_INTENT_ROOM_COUNT: number of rooms differs from the brief.
	ErrIntentRoomCount = "E_INTENT_ROOM_COUNT"
	// ErrIntentRoomMissing is E_INTENT_ROOM_MISSING: room required by the brief is absent.
	ErrIntentRoomMissing = "E_INTENT_ROOM_MISSING"
	// ErrIntentTotalArea is E_INTENT_TOTAL_AREA: total floor area outside the brief's range.
	ErrIntentTotalArea = "E_INTENT_TOTAL_AREA"
	// ErrIntentUnreachable is E_INTENT_UNREACHABLE: room not reachable from the entrance through doors.
	ErrIntentUnreachable = "E_INTENT_UNREACHABLE"
	// ErrJSONKind is E_JSON_KIND: plan JSON names an unknown element kind.
	ErrJSONKind = "E_JSON_KIND"
	// ErrJSONSchema is E_JSON_SCHEMA: plan JSON does not fit the schema.
	ErrJSONSchema = "E_JSON_SCHEMA"
	// ErrLayoutCycle is E_LAYOUT_CYCLE: relative room placements depend on each other in a loop.
	ErrLayoutCycle = "E_LAYOUT_CYCLE"
	// ErrLayoutRef is E_LAYOUT_REF: relative placement names an unknown room.
	ErrLayoutRef = "E_LAYOUT_REF"
	// ErrLevelDup is E_LEVEL_DUP: storey number declared twice.
	ErrLevelDup = "E_LEVEL_DUP"
	// ErrLevelMix is E_LEVEL_MIX: drawing statement outside the level blocks.
	ErrLevelMix = "E_LEVEL_MIX"
	// ErrLevelNest is E_LEVEL_NEST: level block nested inside another block.
	ErrLevelNest = "E_LEVEL_NEST"
	// ErrOpeningWidth is E_OPENING_WIDTH: opening width is not positive.
	ErrOpeningWidth = "E_OPENING_WIDTH"
	// ErrPlacePoly is E_PLACE_POLY: rectangle-only placement used on a polygon room.
	ErrPlacePoly = "E_PLACE_POLY"
	// ErrPlaceRef is E_PLACE_REF: furniture placed in an unknown or relatively placed room.
	ErrPlaceRef = "E_PLACE_REF"
	// ErrPNGDependency is E_PNG_DEPENDENCY: raster or PDF export lacks an optional dependency.
	ErrPNGDependency = "E_PNG_DEPENDENCY"
	// ErrRangeLimit is E_RANGE_LIMIT: range would produce too many values.
	ErrRangeLimit = "E_RANGE_LIMIT"
	// ErrRecursion is E_RECURSION: component instantiation nests too deeply.
	ErrRecursion = "E_RECURSION"
	// ErrRedef is E_REDEF: name declared twice in one scope.
	ErrRedef = "E_REDEF"
	// ErrRoomAlign is E_ROOM_ALIGN: align names no alignment edge.
	ErrRoomAlign = "E_ROOM_ALIGN"
	// ErrRoomAlignAxis is E_ROOM_ALIGN_AXIS: align edge belongs to the other axis.
	ErrRoomAlignAxis = "E_ROOM_ALIGN_AXIS"
	// ErrRoomPolyDegenerate is E_ROOM_POLY_DEGENERATE: polygon room encloses no area.
	ErrRoomPolyDegenerate = "E_ROOM_POLY_DEGENERATE"
	// ErrRoomPolySelfIntersect is E_ROOM_POLY_SELF_INTERSECT: polygon room crosses itself.
	ErrRoomPolySelfIntersect = "E_ROOM_POLY_SELF_INTERSECT"
	// ErrRoomRadius is E_ROOM_RADIUS: circular room radius is not positive.
	ErrRoomRadius = "E_ROOM_RADIUS"
	// ErrRoomSize is E_ROOM_SIZE: room size is not positive.
	ErrRoomSize = "E_ROOM_SIZE"
	// ErrSiteDup is E_SITE_DUP: site declared more than once.
	ErrSiteDup = "E_SITE_DUP"
	// ErrSiteNoStreet is E_SITE_NO_STREET: site block without a street.
	ErrSiteNoStreet = "E_SITE_NO_STREET"
	// ErrStairWidth is E_STAIR_WIDTH: stair flight wider than its footprint.
	ErrStairWidth = "E_STAIR_WIDTH"
	// ErrStripNest is E_STRIP_NEST: strip block nested inside another block.
	ErrStripNest = "E_STRIP_NEST"
	// ErrStripSize is E_STRIP_SIZE: room in a strip has no determinable size.
	ErrStripSize = "E_STRIP_SIZE"
	// ErrType is E_TYPE: value has the wrong type.
	ErrType = "E_TYPE"
	// ErrUnknownComponent is E_UNKNOWN_COMPONENT: call to an undefined component.
	ErrUnknownComponent = "E_UNKNOWN_COMPONENT"
	// ErrUnknownFn is E_UNKNOWN_FN: call to an undefined function.
	ErrUnknownFn = "E_UNKNOWN_FN"
	// ErrUnknownRef is E_UNKNOWN_REF: name not bound in this scope.
	ErrUnknownRef = "E_UNKNOWN_REF"
	// ErrVertSize is E_VERT_SIZE: stair, elevator or escalator size is not positive.
	ErrVertSize = "E_VERT_SIZE"
	// ErrWallThickness is E_WALL_THICKNESS: wall thickness is not positive.
	ErrWallThickness = "E_WALL_THICKNESS"
	// ErrWhileLimit is E_WHILE_LIMIT: while loop ran past its iteration cap.
	ErrWhileLimit = "E_WHILE_LIMIT"
	// ErrWindowWidth is E_WINDOW_WIDTH: window width is not positive.
	ErrWindowWidth = "E_WINDOW_WIDTH"
	// WarnAliasMatch is W_ALIAS_MATCH: room use guessed from an indirect label word.
	WarnAliasMatch = "W_ALIAS_MATCH"
	// WarnBathViaBedroom is W_BATH_VIA_BEDROOM: bathroom reachable only through a bedroom.
	WarnBathViaBedroom = "W_BATH_VIA_BEDROOM"
	// WarnBedroomNoWindow is W_BEDROOM_NO_WINDOW: bedroom without a window.
	WarnBedroomNoWindow = "W_BEDROOM_NO_WINDOW"
	// WarnCircuitousPath is W_CIRCUITOUS_PATH: room reached only by a long detour.
	WarnCircuitousPath = "W_CIRCUITOUS_PATH"
	// WarnDimInside is W_DIM_INSIDE: dimension line drawn inside the building.
	WarnDimInside = "W_DIM_INSIDE"
	// WarnDimNoWall is W_DIM_NO_WALL: dimension endpoint has no wall face to snap to.
	WarnDimNoWall = "W_DIM_NO_WALL"
	// WarnDimOverlap is W_DIM_OVERLAP: two dimensions drawn over each other.
	WarnDimOverlap = "W_DIM_OVERLAP"
	// WarnDoorClearance is W_DOOR_CLEARANCE: door narrower than the minimum clear width.
	WarnDoorClearance = "W_DOOR_CLEARANCE"
	// WarnDoorOffWall is W_DOOR_OFF_WALL: door not on any wall.
	WarnDoorOffWall = "W_DOOR_OFF_WALL"
	// WarnDoorwayBlocked is W_DOORWAY_BLOCKED: furniture blocks the space in front of a doorway.
	WarnDoorwayBlocked = "W_DOORWAY_BLOCKED"
	// WarnDupAccMetadata is W_DUP_ACC_METADATA: accessibility metadata given twice.
	WarnDupAccMetadata = "W_DUP_ACC_METADATA"
	// WarnEmptyPlan is W_EMPTY_PLAN: plan draws nothing.
	WarnEmptyPlan = "W_EMPTY_PLAN"
	// WarnFixtureBackToRoom is W_FIXTURE_BACK_TO_ROOM: fixture against a wall faces the wrong way.
	WarnFixtureBackToRoom = "W_FIXTURE_BACK_TO_ROOM"
	// WarnFixtureFloating is W_FIXTURE_FLOATING: plumbing or kitchen fixture away from any wall.
	WarnFixtureFloating = "W_FIXTURE_FLOATING"
	// WarnFixtureWrongRoom is W_FIXTURE_WRONG_ROOM: fixture centre lies outside its declared room.
	WarnFixtureWrongRoom = "W_FIXTURE_WRONG_ROOM"
	// WarnFurnClearance is W_FURN_CLEARANCE: furniture intrudes on a fixture's use space.
	WarnFurnClearance = "W_FURN_CLEARANCE"
	// WarnFurnitureOverlap is W_FURNITURE_OVERLAP: two pieces of furniture overlap.
	WarnFurnitureOverlap = "W_FURNITURE_OVERLAP"
	// WarnFurnitureWallCollision is W_FURNITURE_WALL_COLLISION: furniture runs into a wall.
	WarnFurnitureWallCollision = "W_FURNITURE_WALL_COLLISION"
	// WarnHatchScale is W_HATCH_SCALE: hatch scale not positive; 1 used instead.
	WarnHatchScale = "W_HATCH_SCALE"
	// WarnImportEmptyFile is W_IMPORT_EMPTY_FILE: whole-file import has nothing to draw.
	WarnImportEmptyFile = "W_IMPORT_EMPTY_FILE"
	// WarnNoEntrance is W_NO_ENTRANCE: no door in an exterior wall.
	WarnNoEntrance = "W_NO_ENTRANCE"
	// WarnOpeningOffWall is W_OPENING_OFF_WALL: opening not on any wall.
	WarnOpeningOffWall = "W_OPENING_OFF_WALL"
	// WarnPathTooNarrow is W_PATH_TOO_NARROW: route to a room narrower than passable.
	WarnPathTooNarrow = "W_PATH_TOO_NARROW"
	// WarnPocketRun is W_POCKET_RUN: pocket door has too little wall to slide into.
	WarnPocketRun = "W_POCKET_RUN"
	// WarnRoomDisconnected is W_ROOM_DISCONNECTED: room without any door.
	WarnRoomDisconnected = "W_ROOM_DISCONNECTED"
	// WarnRoomLabelOutside is W_ROOM_LABEL_OUTSIDE: room label anchored outside the room.
	WarnRoomLabelOutside = "W_ROOM_LABEL_OUTSIDE"
	// WarnRoomNoClearPath is W_ROOM_NO_CLEAR_PATH: room too crowded to walk into.
	WarnRoomNoClearPath = "W_ROOM_NO_CLEAR_PATH"
	// WarnRoomNoFixture is W_ROOM_NO_FIXTURE: bathroom or kitchen without fixtures.
	WarnRoomNoFixture = "W_ROOM_NO_FIXTURE"
	// WarnRoomNotEnclosed is W_ROOM_NOT_ENCLOSED: bathroom not walled on every side.
	WarnRoomNotEnclosed = "W_ROOM_NOT_ENCLOSED"
	// WarnRoomNotEquatorFacing is W_ROOM_NOT_EQUATOR_FACING: habitable room has no window toward the equator.
	WarnRoomNotEquatorFacing = "W_ROOM_NOT_EQUATOR_FACING"
	// WarnRoomOverlap is W_ROOM_OVERLAP: two rooms overlap.
	WarnRoomOverlap = "W_ROOM_OVERLAP"
	// WarnRoomTooSmall is W_ROOM_TOO_SMALL: room smaller than the plausible minimum.
	WarnRoomTooSmall = "W_ROOM_TOO_SMALL"
	// WarnRoomUnreachable is W_ROOM_UNREACHABLE: room cut off from the entrance.
	WarnRoomUnreachable = "W_ROOM_UNREACHABLE"
	// WarnSanitizedConfig is W_SANITIZED_CONFIG: unsafe theme or style value removed.
	WarnSanitizedConfig = "W_SANITIZED_CONFIG"
	// WarnScaleOverflow is W_SCALE_OVERFLOW: drawing too large for the paper at this scale.
	WarnScaleOverflow = "W_SCALE_OVERFLOW"
	// WarnStairUnmatched is W_STAIR_UNMATCHED: vertical circulation id on one storey only.
	WarnStairUnmatched = "W_STAIR_UNMATCHED"
	// WarnSwingObstructed is W_SWING_OBSTRUCTED: door swing hits something.
	WarnSwingObstructed = "W_SWING_OBSTRUCTED"
	// WarnSwingRoomNotAdjacent is W_SWING_ROOM_NOT_ADJACENT: swing into names a room the door does not border.
	WarnSwingRoomNotAdjacent = "W_SWING_ROOM_NOT_ADJACENT"
	// WarnUnknownMaterial is W_UNKNOWN_MATERIAL: unknown wall material; default hatch used.
	WarnUnknownMaterial = "W_UNKNOWN_MATERIAL"
	// WarnUnknownStyleKey is W_UNKNOWN_STYLE_KEY: style key not valid for this element kind.
	WarnUnknownStyleKey = "W_UNKNOWN_STYLE_KEY"
	// WarnUnknownThemeKey is W_UNKNOWN_THEME_KEY: unknown theme key.
	WarnUnknownThemeKey = "W_UNKNOWN_THEME_KEY"
	// WarnWindowOffWall is W_WINDOW_OFF_WALL: window not on any wall.
	WarnWindowOffWall = "W_WINDOW_OFF_WALL"
)
