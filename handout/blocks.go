package handout

import (
	"strconv"
	"strings"
)

// A page is a column of blocks, top to bottom. The HTML and the PNG are both drawn
// from the same blocks and the same text size (Layout), so that what fits one fits
// the other.

// kind is what a block is.
type kind int

const (
	kindTitle   kind = iota // the lesson's title
	kindSub                 // the soft line under it
	kindHeading             // a section's heading
	kindPara                // a paragraph of body text
	kindSmall               // a paragraph in small type (the source's conditions, notes)
	kindBox                 // the prediction: the student's words in a frame, or an empty frame
	kindChart               // the chart
	kindRecord              // the machine and the conditions, a row each
)

// span is a run of text in one weight.
type span struct {
	Text string
	Bold bool
}

// block is one part of the page.
type block struct {
	Kind  kind
	Spans []span
	Rows  [][2]string // kindRecord
	Empty bool        // kindBox: no prediction was given; the frame is left to write in
}

// Text is the block's text, its spans joined.
func (b block) Text() string {
	s := ""
	for _, sp := range b.Spans {
		s += sp.Text
	}
	return s
}

// blankHint is what an empty prediction box says, so that a reader knows the page
// was printed before a prediction was made, not that one was lost.
const blankHint = "No prediction was given when this page was made: write yours here, before you read the answer below."

// blocks lays the page out as its column of blocks.
func (p *Page) blocks() []block {
	var bs []block
	add := func(k kind, spans ...span) { bs = append(bs, block{Kind: k, Spans: spans}) }
	add(kindTitle, span{Text: p.Title})
	add(kindSub, span{Text: "Locality Lab · lesson " + p.Lesson + " · measured by " + p.Kind})
	for _, t := range p.Text {
		add(kindPara, span{Text: t})
	}
	if len(p.Claims) == 0 && len(p.Unanswered) == 0 {
		add(kindHeading, span{Text: "The claim"})
		add(kindPara, span{Text: "This lesson makes no claim for the lab to check: predict which backing is fastest and by how much, then read the chart."})
	}
	for i, c := range p.Claims {
		add(kindHeading, span{Text: claimHeading(i, len(p.Claims))})
		add(kindPara, span{Text: c.Text + " ", Bold: true}, span{Text: "(" + c.Source + ")"})
		setting := c.Setting
		if setting == "" {
			setting = "the lesson records none beyond its text above"
		}
		add(kindSmall, span{Text: "What the source measured, and on what: ", Bold: true}, span{Text: strings.TrimSuffix(setting, ".") + "."})
	}
	add(kindHeading, span{Text: "Your prediction"})
	if p.Prediction != "" {
		bs = append(bs, block{Kind: kindBox, Spans: []span{{Text: p.Prediction}}})
	} else {
		bs = append(bs, block{Kind: kindBox, Spans: []span{{Text: blankHint}}, Empty: true})
	}
	add(kindHeading, span{Text: "The measured answer"})
	for i, c := range p.Claims {
		if len(p.Claims) > 1 {
			add(kindPara, span{Text: "Claim " + strconv.Itoa(i+1) + ": ", Bold: true}, span{Text: c.Answer})
		} else {
			add(kindPara, span{Text: c.Answer})
		}
	}
	for _, u := range p.Unanswered {
		add(kindSmall, span{Text: u})
	}
	if p.Note != "" {
		add(kindSmall, span{Text: p.Note})
	}
	bs = append(bs, block{Kind: kindChart})
	add(kindHeading, span{Text: "The machine and the conditions"})
	bs = append(bs, block{Kind: kindRecord, Rows: p.Record})
	return bs
}

// claimHeading is "The claim", or "Claim 2 of 3" on a page of several.
func claimHeading(i, n int) string {
	if n == 1 {
		return "The claim"
	}
	return "Claim " + strconv.Itoa(i+1) + " of " + strconv.Itoa(n)
}
