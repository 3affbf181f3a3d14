package repair

import "testing"

func TestCanonical(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"furniture sofa at (3200,1000)   size 1000x900", "furniture sofa at (3200, 1000) size 1000x900"},
		{"furniture bed at (W+1500, 300) size 1500x2000 rotate 90", "furniture bed at (W + 1500, 300) size 1500x2000 rotate 90"},
		{"furniture bed at (-100,-W*2) size 10x10", "furniture bed at (-100, -W * 2) size 10x10"},
		{"dim faces (0,4000)->(8000,4000) offset 600", "dim faces (0, 4000)->(8000, 4000) offset 600"},
		{"room id=a at (0,0) size 4000x4000 label \"A  (b,c)\"", "room id=a at (0, 0) size 4000x4000 label \"A  (b,c)\""},
		{"let W = max(3,4)", "let W = max(3, 4)"},
		{"scale 1:100", "scale 1:100"},
		{"room id=k right-of living align top gap 0 size 3000x4000", "room id=k right-of living align top gap 0 size 3000x4000"},
		{"furniture wc in r anchor bottom-left flush size 400x700", "furniture wc in r anchor bottom-left flush size 400x700"},
		{"let a = b-c", "let a = b - c"},
		{"site { street south hemisphere south }", "site { street south hemisphere south }"},
		{"window   on exterior at 10% width 1200", "window on exterior at 10% width 1200"},
		{"for i in 0..n-1 {", "for i in 0..n - 1 {"},
		{"let ok = a==b&&!c", "let ok = a==b && !c"},
		{"set d.hinge = near-start", "set d.hinge = near-start"},
		{"let a = top-left-x", "let a = top-left - x"},
		{"x+=1", "x += 1"},
		{"dim (0,0)->(1000,0) offset - 300", "dim (0, 0)->(1000, 0) offset -300"},
		{"furniture desk at (a -300, 0) size 5x4 rotate - 90", "furniture desk at (a - 300, 0) size 5x4 rotate -90"},
		{"furniture desk in a anchor right inset -0 size 5x4", "furniture desk in a anchor right inset -0 size 5x4"},
		{"wall id=w {\n  (0,0) # corner\n  (1,0)\n}", "wall id=w { (0, 0) (1, 0) }"},
	} {
		if got := canonical(c.in); got != c.want {
			t.Errorf("canonical(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
