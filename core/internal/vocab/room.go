package vocab

// RoomUse is a use a room is put to (`uses kitchen bath`).
type RoomUse string

// RoomUses lists every room use, in the order the language documents them
// and messages list them.
var RoomUses = []RoomUse{"living", "kitchen", "dining", "bedroom", "bath", "wc", "hall", "circulation", "storage", "utility", "office", "entry"}
