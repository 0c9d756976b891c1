// Command aos is Locality Lab with one more backing: aos, an array of structs held by
// value, the layout most programs start from and the one the six built-in backings
// leave out. It is the example of docs/byo.md, "Bring your own layout": a backing of
// one's own in a few files, registered in main, measured by the project's own command
// line and app.
//
//	go run ./examples/aos                                   # the app, aos beside the six
//	go run ./examples/aos bench -workload sprites -backings aos,soa,ptrarray
//	go run ./examples/aos check -workload bullets -backings soa,aos -entities 20000
package main

import "localitylab/labmain"

func main() { labmain.Main(Backing) }
