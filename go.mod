module github.com/archlang-go/caddy-archlang

go 1.26
