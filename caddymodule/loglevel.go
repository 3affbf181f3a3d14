package caddymodule

import (
	"context"
	"log/slog"
)

// minLevel drops records below a level before they reach h.
type minLevel struct {
	h   slog.Handler
	min slog.Level
}

func (m minLevel) Enabled(ctx context.Context, l slog.Level) bool {
	return l >= m.min && m.h.Enabled(ctx, l)
}

func (m minLevel) Handle(ctx context.Context, r slog.Record) error { return m.h.Handle(ctx, r) }

func (m minLevel) WithAttrs(as []slog.Attr) slog.Handler {
	return minLevel{m.h.WithAttrs(as), m.min}
}

func (m minLevel) WithGroup(name string) slog.Handler { return minLevel{m.h.WithGroup(name), m.min} }
