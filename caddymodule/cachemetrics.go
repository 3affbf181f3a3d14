package caddymodule

import (
	"sync"

	"github.com/prometheus/client_golang/prometheus"
)

var (
	cacheMetricsOnce sync.Once
	cacheLookups     *prometheus.CounterVec
)

// registerCacheMetrics registers the analysis cache's lookup counter,
// caddy_archlang_mcp_analysis_cache_lookups_total{result="hit"|"miss"},
// once per process with reg, and returns the function that counts a
// lookup.
func registerCacheMetrics(reg prometheus.Registerer) func(hit bool) {
	cacheMetricsOnce.Do(func() {
		cacheLookups = prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "caddy", Subsystem: "archlang_mcp", Name: "analysis_cache_lookups_total",
			Help: "Lookups in the cache of analysed plans by the tools that read a plan, by result (hit or miss).",
		}, []string{"result"})
	})
	if reg != nil {
		// Registered already (several handlers, a reload) is fine; any
		// other refusal only loses the metric, never the handler.
		_ = reg.Register(cacheLookups)
	}
	hit, miss := cacheLookups.WithLabelValues("hit"), cacheLookups.WithLabelValues("miss")
	return func(h bool) {
		if h {
			hit.Inc()
		} else {
			miss.Inc()
		}
	}
}
