// Keyboard users must reach every region that scrolls sideways (WCAG 2.1.1). Material does this
// for its own code blocks (`pre > code`); the same rule here covers what it does not know:
// notebook code cells and outputs, display math and wide tables. A region is focusable only while it
// overflows, so nothing adds a tab stop that scrolls nothing. This runs in the browser rather
// than at build time because only the browser knows, at the reader's width, what overflows.
const SCROLL_REGIONS =
  ".highlight-ipynb, .jupyter-wrapper pre, .arithmatex, .md-typeset__scrollwrap";

const scrollRegionObserver = new ResizeObserver((entries) => {
  for (const { target } of entries) {
    if (target.scrollWidth > target.clientWidth) {
      target.setAttribute("tabindex", "0");
    } else {
      target.removeAttribute("tabindex");
    }
  }
});

document$.subscribe(() => {
  for (const region of document.querySelectorAll(SCROLL_REGIONS)) {
    scrollRegionObserver.observe(region);
  }
});
