// Render TeX with the site's own KaTeX (bookkit/mkdocs/math_render.py drives this in node).
// argv[2]: katex.min.js. Each stdin line is a JSON list of [tex, display]; each stdout line is
// the JSON list of results: {html} (KaTeX's HTML and MathML) or {error} (KaTeX's message).
"use strict";
const katex = require(process.argv[2]);
const readline = require("readline");

function render([tex, display]) {
  try {
    return { html: katex.renderToString(tex, { displayMode: display, throwOnError: true,
                                                strict: "error", output: "htmlAndMathml" }) };
  } catch (error) {
    return { error: String(error.message || error) };
  }
}

readline.createInterface({ input: process.stdin }).on("line", (line) => {
  process.stdout.write(JSON.stringify(JSON.parse(line).map(render)) + "\n");
});
