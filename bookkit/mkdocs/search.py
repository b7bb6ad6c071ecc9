"""Korean search: the words a reader types, added to Material's search index as one more field.

Material's search (lunr, ``lang: ko``) indexes whole space-separated words and matches a query
by prefix, so 텐서 finds 텐서를, but a query fails when the reader joins words the text
separates (자동미분 against 자동 미분), adds a particle the text never uses with that word
(역전파를), conjugates a verb differently (누적된다 against 누적됩니다), or writes a name in
the other script (넘파이 against NumPy). Material offers no hook for the query, so the index
meets the reader halfway. After the search plugin has written ``search/search_index.json``,
every section is analysed with kiwipiepy and gets a ``morphs`` field with

- its nouns, and runs of up to three nouns joined without spaces (자동미분, 리프텐서);
- each of those with the common particles (역전파를, 텐서가, 기울기와, ...), spelled by Kiwi's
  ``join``, which picks 을/를, 이/가 and so on;
- each verb and adjective stem, including noun + 하다/되다 stems (계산하, 누적되), in its
  common endings (누적된다, 누적되면, 계산합니다, ...);
- the other names of glossary terms present in the section (기울기 ↔ gradient, 넘파이 ↔ NumPy),
  read from ``docs/glossary.md``.

The section's title gets the same treatment in a ``title_morphs`` field boosted like the title.

The glossary's terms are also Kiwi's user dictionary, so 역전파 stays one noun. Analysing a
section is cached (``.cache/bookkit/search``) by its text and everything else that shapes the
field, so a build loads Kiwi only when some section's text changed (about 1.5 s: without its
typo and multi-word dictionaries, ``KIWI_OPTIONS``; tests/test_search_field.py checks that the
book's fields are the same as with them). A fresh build whose pages changed loads Kiwi in a
child process while it renders (:class:`AnalysisHelper`); ``serve`` keeps Kiwi and the fields
it has seen in its own process.
"""

from __future__ import annotations

import hashlib
import heapq
import json
import re
import subprocess
import sys
from functools import cache, lru_cache
from importlib import metadata
from pathlib import Path

from bs4 import BeautifulSoup

from bookkit.memo import Memo
from bookkit.mkdocs.glossary_table import Words, terms

FIELD = "morphs"
TITLE_FIELD = "title_morphs"  # the same for the section's title, boosted like the title
CACHE_VERSION = 2
NOUN_TAGS = {"NNG", "NNP", "XR", "SL"}
PARTICLES = [("이", "JKS"), ("을", "JKO"), ("은", "JX"), ("의", "JKG"), ("에", "JKB"),
             ("에서", "JKB"), ("으로", "JKB"), ("와", "JC"), ("도", "JX"), ("만", "JX"),
             ("이다", "VCP")]
ENDINGS = [[("다", "EF")], [("ᆫ다", "EF")], [("면", "EC")], [("고", "EC")], [("어", "EC")],
           [("어서", "EC")], [("었", "EP"), ("다", "EF")], [("ᆸ니다", "EF")], [("는", "ETM")],
           [("ᆫ", "ETM")], [("ᆯ", "ETM")], [("기", "ETN")], [("게", "EC")], [("지", "EC")]]
_HANGUL = re.compile(r"[가-힣]")
_MARKUP = re.compile(r"[<>&\"'`]")


# Neither the typo dictionary nor the multi-word one: the book's text gives the same fields
# without them, and leaving out the multi-word dictionary halves the time Kiwi takes to load.
KIWI_OPTIONS = {"load_typo_dict": False, "load_multi_dict": False}


@cache
def _kiwi(user_words: tuple[str, ...], options: tuple[tuple[str, bool], ...]):
    from kiwipiepy import Kiwi

    kiwi = Kiwi(**dict(options))
    for word in user_words:
        kiwi.add_user_word(word, "NNG")
    return kiwi


def kiwi_for(aliases: list[tuple[str, list[str]]], options: dict = KIWI_OPTIONS):
    """Kiwi with the glossary's Korean terms as its user dictionary (loaded once)."""
    words = {w for korean, _ in aliases for w in [korean.replace(" ", ""), *korean.split()]}
    return _kiwi(tuple(sorted(filter(_HANGUL.search, words))), tuple(sorted(options.items())))


def warm_kiwi(glossary_md: str) -> None:
    """Load Kiwi and set up its model (done on its first analysis) ahead of a build that needs
    it: ``serve`` does this while it waits for a save."""
    kiwi_for(terms(glossary_md)).tokenize("텐서를 만듭니다.")


def _join(kiwi, morphs: list[tuple[str, str]]) -> str | None:
    try:
        return kiwi.join(morphs)
    except Exception:  # noqa: BLE001  (a form Kiwi cannot join is simply not added)
        return None


class Aliases(list):
    """The glossary's (Korean term, English names) pairs, with what finds the pairs a section
    may name in one pass over it (:class:`Words`), whatever the number of terms."""

    def __init__(self, pairs: list[tuple[str, list[str]]]):
        super().__init__(pairs)
        self._korean = Words((korean, i) for i, (korean, _) in enumerate(self))
        self._english = Words((name.lower(), i) for i, (_, english) in enumerate(self)
                              for name in english)
        self._compact: dict[str, list[int]] = {}
        for i, (korean, _) in enumerate(self):
            self._compact.setdefault(korean.replace(" ", ""), []).append(i)

    def candidates(self, text: str, lowered: str, words: set[str]) -> list[int]:
        """The pairs whose Korean name is in ``text`` or among ``words``, or one of whose
        English names is in ``lowered`` (the text in lowercase): no other pair can be used."""
        found = {*self._korean(text), *self._english(lowered)}
        found.update(self.named(words))
        return sorted(found)

    def named(self, words: set[str]) -> list[int]:
        """The pairs whose Korean name without spaces is one of ``words``."""
        return [i for word in words for i in self._compact.get(word, ())]


@cache  # one per English name: re's own cache holds 512
def _english_name(lowered_name: str) -> re.Pattern:
    return re.compile(rf"(?<![a-z]){re.escape(lowered_name)}(?![a-z])")


def analyse(kiwi, text: str, aliases: list[tuple[str, list[str]]]) -> str:
    """The ``morphs`` field of one section's plain text (``aliases``: an :class:`Aliases`, or
    the pairs it is made of)."""
    if not isinstance(aliases, Aliases):
        aliases = Aliases(aliases)
    tokens = kiwi.tokenize(text)
    terms: set[str] = set()
    nouns: set[str] = set()
    stems: set[str] = set()
    run: list[str] = []
    for index, token in enumerate(tokens):
        if token.tag in NOUN_TAGS:
            form = token.form.lower() if token.tag == "SL" else token.form
            nouns.add(form)
            run.append(form)
            for size in (2, 3):
                if len(run) >= size and all(_HANGUL.search(n) for n in run[-size:]):
                    nouns.add("".join(run[-size:]))
        else:
            run = []
        if token.tag in ("VV", "VA"):
            stems.add(token.form)
        elif token.tag in ("XSV", "XSA") and index and tokens[index - 1].tag in NOUN_TAGS:
            stems.add(tokens[index - 1].form + token.form)
    for noun in nouns:
        if not _HANGUL.search(noun):
            continue  # Latin words are in the text field already
        terms.add(noun)
        if _HANGUL.search(noun):
            terms.update(filter(None, (_join(kiwi, [(noun, "NNG"), p]) for p in PARTICLES)))
    for stem in stems:
        terms.update(filter(None, (_join(kiwi, [(stem, "VV"), *e]) for e in ENDINGS)))
    lowered = text.lower()
    words = set(re.split(r"[\s\-,:!=\[\]()\"/.·]+", lowered))
    terms = {term for term in terms if term not in words}  # the text field has those
    # The pairs in glossary order, as if each were tried: only candidates can be used, and a
    # word a pair adds makes later pairs of that compact name candidates.
    pending = aliases.candidates(text, lowered, terms)
    while pending:
        i = heapq.heappop(pending)
        korean, english = aliases[i]
        compact = korean.replace(" ", "")
        has_korean = korean in text or compact in terms
        has_english = any(_english_name(e.lower()).search(lowered) for e in english)
        added: set[str] = set()
        if has_korean:
            added.update(word for e in english for word in e.lower().split())
        if has_english:
            added.update({compact, *filter(None, (_join(kiwi, [(compact, "NNG"), p])
                                                  for p in PARTICLES))})
        for j in aliases.named(added - terms):
            if j > i and j not in pending:
                heapq.heappush(pending, j)
        terms |= added
    # The field is words only: a term with markup characters (an output's `<script>`, read as
    # text) is dropped, so the index never holds a tag (bookkit.mkdocs.site_check checks it).
    return " ".join(sorted(term for term in terms if not _MARKUP.search(term)))


def plain_text(doc: dict) -> str:
    return BeautifulSoup(f"{doc['title']} {doc['text']}", "html.parser").get_text(" ")


def section_fields(kiwi, doc: dict, aliases: list[tuple[str, list[str]]]) -> list[str]:
    """The ``morphs`` and ``title_morphs`` fields of one section of the search index."""
    return [analyse(kiwi, plain_text(doc), aliases),
            analyse(kiwi, plain_text({"title": doc["title"], "text": ""}), aliases)]


# The fields of sections analysed or read in this process, by the same key as on disk: the
# rebuilds of one `serve` read no cache file for a section they have seen.
_KEPT: dict[str, list[str]] = {}
_KEPT_MOST = 4096


_MATH = re.compile(r"\\\((.+?)\\\)|\\\[(.+?)\\\]", re.S)
_SIMPLE = re.compile(r"[\w∂.']+")


def _fraction(node, l2tobj) -> str:  # pylatexenc passes l2tobj by name
    """``\\frac{a}{b}`` as ``a/b``, with parentheses around a part of more than one term."""
    parts = [l2tobj.nodelist_to_text([arg]).strip() for arg in node.nodeargd.argnlist[-2:]]
    return "/".join(part if _SIMPLE.fullmatch(part) else f"({part})" for part in parts)


@lru_cache(maxsize=1)
def _math_converter():
    from pylatexenc.latex2text import (
        LatexNodes2Text,
        MacroTextSpec,
        get_default_latex_context_db,
    )

    context = get_default_latex_context_db()
    context.add_context_category("book", prepend=True, macros=[
        MacroTextSpec(name, simplify_repl=_fraction) for name in ("frac", "dfrac", "tfrac")])
    return LatexNodes2Text(latex_context=context, math_mode="text")


@lru_cache(maxsize=8192)  # `serve` tidies every section again after each save
def math_text(tex: str) -> str:
    """TeX as a reader reads it in plain text (pylatexenc): ``\\tanh(x_i)\\sum_k x_k`` ->
    ``tanh(x_i)∑_k x_k``, ``\\frac{f(x+h) - f(x-h)}{2h}`` -> ``(f(x+h) - f(x-h))/2h``."""
    return " ".join(_math_converter().latex_to_text(tex).split())


def tidy_documents(index: dict) -> None:
    """What a search result shows: a title without the heading link's "¶" (mkdocs-jupyter's
    notebook pages keep it), and math as Unicode text (:func:`math_text`), not TeX."""
    for doc in index["docs"]:
        doc["title"] = doc["title"].removesuffix("¶").rstrip()
        doc["text"] = _MATH.sub(lambda match: math_text(match[1] or match[2]), doc["text"])


def search_memo(cache_dir: Path) -> Memo:
    """The memo of the search field's sections (one ``.txt`` of JSON per section)."""
    return Memo(cache_dir, ".txt")


def add_morphs_field(index: dict, glossary_md: str, cache: Memo | Path,
                     helper: AnalysisHelper | None = None) -> dict[str, int]:
    """Add the ``morphs`` field to every section of a built search ``index`` (Material's
    ``search_index.json``, read; :func:`bookkit.mkdocs.search_index.write_index` writes it);
    counts for the log.

    Sections neither kept nor cached are analysed by ``helper`` when one was started for this
    glossary (:class:`AnalysisHelper`), else here. ``cache``: the memo of fields (a folder is
    made one, :func:`search_memo`); every section's key is marked used in it."""
    memo = cache if isinstance(cache, Memo) else search_memo(cache)
    aliases = Aliases(terms(glossary_md))
    shaping = hashlib.sha256(json.dumps([
        CACHE_VERSION, metadata.version("kiwipiepy"), metadata.version("kiwipiepy-model"),
        KIWI_OPTIONS, aliases, PARTICLES, ENDINGS]).encode()).hexdigest()  # once, not per section
    if len(_KEPT) > _KEPT_MOST:
        _KEPT.clear()
    new: dict[str, dict] = {}  # key -> a section to analyse
    keys = [hashlib.sha256(f"{shaping}\0{doc['title']}\0{doc['text']}".encode()).hexdigest()
            for doc in index["docs"]]
    for key, doc in zip(keys, index["docs"], strict=True):
        memo.used.add(key)
        if key not in _KEPT:
            kept = memo.get_json(key)
            if isinstance(kept, list) and len(kept) == 2 and all(isinstance(f, str) for f in kept):
                _KEPT[key] = kept
        if key not in _KEPT:
            new[key] = {"title": doc["title"], "text": doc["text"]}
    if helper is not None and helper.glossary_md == glossary_md and new:
        analysed = helper.fields(list(new.values()))
    else:
        analysed = [section_fields(kiwi_for(aliases), doc, aliases) for doc in new.values()]
    for key, fields in zip(new, analysed, strict=True):
        _KEPT[key] = fields
        memo.put_json(key, fields)
    for key, doc in zip(keys, index["docs"], strict=True):
        doc[FIELD], doc[TITLE_FIELD] = _KEPT[key]
    fields = index["config"]["fields"]
    fields[FIELD] = {"boost": 1.0}
    fields[TITLE_FIELD] = {"boost": fields.get("title", {}).get("boost", 1000.0)}
    return {"analysed": len(new), "reused": len(index["docs"]) - len(new)}


# The helper's program: this bookkit, wherever the build runs (a book outside the checkout).
CHILD = (f"import sys; sys.path.insert(0, {str(Path(__file__).resolve().parents[2])!r}); "
         "from bookkit.mkdocs.search import analyse_for_parent; analyse_for_parent()")


class AnalysisHelper:
    """A child process that loads Kiwi while the build renders, then analyses the sections the
    build sends it (:func:`analyse_for_parent`): the build no longer waits for Kiwi's
    load, which still costs the same CPU time, on another core. Started when the pages differ
    from the last build's (:func:`pages_digest`); it ends with the analysis, or is killed by
    :meth:`close` (and ends when its input closes, should the build die)."""

    def __init__(self, glossary_md: str, root: Path) -> None:
        self.glossary_md = glossary_md
        self.process = subprocess.Popen(
            [sys.executable, "-c", CHILD], cwd=root, stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, text=True, encoding="utf-8")
        self.process.stdin.write(json.dumps(glossary_md) + "\n")
        self.process.stdin.flush()

    def fields(self, docs: list[dict]) -> list[list[str]]:
        """``section_fields`` of each of ``docs``, from the child."""
        self.process.stdin.write(json.dumps(docs, ensure_ascii=False) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        self.close()
        if not line:
            raise RuntimeError("the Korean search analysis process ended without an answer "
                               "(its error is printed above)")
        return json.loads(line)

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        self.process.stdin.close()
        self.process.stdout.close()


def pages_digest(texts: list[str], keys: list[str]) -> str:
    """What the search index's sections are made of, as far as the build knows before it
    renders: the pages' texts and their units' keys."""
    return hashlib.sha256(json.dumps([texts, keys], ensure_ascii=False).encode()).hexdigest()


def analyse_for_parent() -> None:
    """The child of :class:`AnalysisHelper`: the glossary, Kiwi loaded, then one list of
    sections in and their fields out (JSON lines on stdin and stdout)."""
    first = sys.stdin.readline()
    if not first:
        return
    aliases = Aliases(terms(json.loads(first)))
    kiwi = kiwi_for(aliases)
    kiwi.tokenize("텐서를 만듭니다.")  # sets up the model, as the first analysis would
    line = sys.stdin.readline()
    if line:
        fields = [section_fields(kiwi, doc, aliases) for doc in json.loads(line)]
        sys.stdout.write(json.dumps(fields, ensure_ascii=False) + "\n")
        sys.stdout.flush()
