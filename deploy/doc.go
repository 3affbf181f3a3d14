// Package deploy holds no code: it is the home of the deployment files (the
// systemd unit, the cluster Caddyfile, the JSON equivalent of
// Caddyfile.example) and of the tests that keep them true: the JSON is what
// the Caddyfile adapter makes of the example, the cluster file adapts with
// distributed rate limiting, and systemd-analyze accepts the unit.
package deploy
