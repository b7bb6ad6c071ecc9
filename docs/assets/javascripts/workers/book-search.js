// Material's search worker, with the search index fetched when the reader first searches.
//
// Material's page script fetches search/search_index.json on every page load and hands it to
// its worker (SETUP). That file is only the index's config here (bookkit/mkdocs/search.py); the
// documents are in search/search_docs.json, which this worker fetches on the first query and
// then hands to Material's own worker code as the SETUP it would have had; the page tells it
// when the reader opens search, so loading starts before the first query. overrides/main.html
// points Material's config at this file, with Material's worker and the documents' URL as
// query parameters. The message types are Material's SearchMessageType.
const SETUP = 0, READY = 1, QUERY = 2, RESULT = 3
const params = new URL(location.href).searchParams
const post = self.postMessage.bind(self)

// Load Material's worker, keeping its message listener to call ourselves.
let material = null
const addListener = self.addEventListener
self.addEventListener = (type, listener, ...rest) =>
  type === "message" ? (material = listener) : addListener.call(self, type, listener, ...rest)
importScripts(params.get("material"))
self.addEventListener = addListener

// Material's READY for the deferred SETUP is ours to wait for; everything else goes out.
let indexReady = null
self.postMessage = message =>
  message.type === READY && indexReady ? indexReady() : post(message)

let setup = null
let loaded = null
const load = () => loaded ??= fetch(params.get("docs"))
  .then(response => response.json())
  .then(docs => new Promise(resolve => {
    indexReady = () => { indexReady = null; resolve() }
    material({ data: { type: SETUP, data: { ...setup, docs } } })
  }))

// The page says when the reader opens search (search-deferred.js): start loading then.
new BroadcastChannel("book-search").onmessage = () => setup && load()

addListener.call(self, "message", async ({ data: message }) => {
  if (message.type === SETUP) {
    setup = message.data
    post({ type: READY })  // the search box works at once; the first query waits for the docs
    return
  }
  if (message.type === QUERY && !loaded && !String(message.data).trim()) {
    post({ type: RESULT, data: { items: [] } })  // the empty query sent when search starts
    return
  }
  if (message.type === QUERY && setup)
    await load()
  material({ data: message })
})
