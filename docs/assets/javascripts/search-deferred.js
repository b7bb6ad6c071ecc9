// Search documents on demand (overrides/main.html loads this right after Material's config,
// before Material's own script): Material's search worker becomes workers/book-search.js,
// which fetches search/search_docs.json and builds the index when the reader opens the search
// box (told on a BroadcastChannel) or, at the latest, on the first query.
(() => {
  const here = document.currentScript.src
  const docs = new URL("../../search/search_docs.json", here).href
  const element = document.getElementById("__config")
  const config = JSON.parse(element.textContent)
  config.search = new URL("workers/book-search.js", here).href
    + "?material=" + encodeURIComponent(new URL(config.search, location.href).href)
    + "&docs=" + encodeURIComponent(docs)
  element.textContent = JSON.stringify(config)
  const channel = new BroadcastChannel("book-search")
  addEventListener("DOMContentLoaded", () => {
    const open = () => channel.postMessage("open")
    document.getElementById("__search")?.addEventListener("change", open, { once: true })
    document.querySelector(".md-search__input")?.addEventListener("focus", open, { once: true })
  })
})()
