package locale

import "testing"

func TestQuietC(t *testing.T) {
	tests := []struct {
		name string
		env  map[string]string
		want string // LANGUAGE afterwards
	}{
		{"C.UTF-8", map[string]string{"LANG": "C.UTF-8"}, "en"},
		{"C.utf8", map[string]string{"LANG": "C.utf8"}, "en"},
		{"POSIX with a modifier", map[string]string{"LANG": "POSIX@euro"}, "en"},
		{"LC_ALL first", map[string]string{"LC_ALL": "C.UTF-8", "LANG": "de_DE.UTF-8"}, "en"},
		{"LC_ALL names a language", map[string]string{"LC_ALL": "de_DE.UTF-8", "LANG": "C.UTF-8"}, ""},
		{"LC_MESSAGES before LANG", map[string]string{"LC_MESSAGES": "C.UTF-8", "LANG": "fr_FR.UTF-8"}, "en"},
		{"plain C", map[string]string{"LANG": "C"}, ""},
		{"plain POSIX", map[string]string{"LANG": "POSIX"}, ""},
		{"a language", map[string]string{"LANG": "en_US.UTF-8"}, ""},
		{"a C-like name", map[string]string{"LANG": "Ca_ES.UTF-8"}, ""},
		{"nothing set", map[string]string{}, ""},
		{"LANGUAGE already set", map[string]string{"LANG": "C.UTF-8", "LANGUAGE": "fr"}, "fr"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := map[string]string{}
			for k, v := range tt.env {
				env[k] = v
			}
			quietC(func(k string) string { return env[k] }, func(k, v string) error { env[k] = v; return nil })
			if got := env["LANGUAGE"]; got != tt.want {
				t.Errorf("LANGUAGE=%q, want %q", got, tt.want)
			}
			for k, v := range tt.env {
				if k != "LANGUAGE" && env[k] != v {
					t.Errorf("%s changed from %q to %q", k, v, env[k])
				}
			}
		})
	}
}
