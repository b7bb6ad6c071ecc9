"""Notebook pages rendered from the store: the executed ``.ipynb``, and its page made to fit the
site.

:func:`executed_notebook` joins the page's current cells with the stored outputs into the
``.ipynb`` that mkdocs-jupyter renders (with ``execute: false``) and readers download. Cell
ids and execution counts are fixed, so the same outputs give the same bytes.
:func:`notebook_page` then fits mkdocs-jupyter's HTML to the site: readable heading ids, the
site's stylesheets instead of JupyterLab's, and the images' text alternatives.
"""

from __future__ import annotations

import copy

from bs4 import BeautifulSoup

# Output representations that mkdocs-jupyter would put on the page as live markup.
MARKUP_TYPES = ("text/html", "text/markdown", "text/latex", "application/javascript")


def text_only(output: dict) -> dict:
    """The output without representations that would become markup on the page.

    When nothing else is left, the first of them is kept as plain text, so it shows as text.
    """
    data = output.get("data")
    if not data or not any(kind in data for kind in MARKUP_TYPES):
        return output
    kept = {kind: value for kind, value in data.items() if kind not in MARKUP_TYPES}
    if not kept:
        kind = next(kind for kind in MARKUP_TYPES if kind in data)
        value = data[kind]
        kept = {"text/plain": "".join(value) if isinstance(value, list) else value}
    return {**output, "data": kept}


def executed_notebook(page_notebook, outputs: dict[str, list]):
    """The page's notebook (as jupytext read it; left as it is) with the stored outputs
    (validated; :func:`ipynb_text` writes it)."""
    import nbformat

    notebook = copy.deepcopy(page_notebook)
    kernelspec = notebook.metadata.get("kernelspec", {})
    notebook.metadata = {"kernelspec": kernelspec, "language_info": {"name": "python"}}
    number = 0
    for index, cell in enumerate(notebook.cells):
        cell.id = f"cell-{index:02d}"
        tags = cell.metadata.get("tags")
        cell.metadata = {"tags": tags} if tags else {}
        if cell.cell_type == "code":
            number += 1
            cell.outputs = [
                nbformat.from_dict(text_only(o)) for o in outputs.get(f"cell-{number}", [])
            ]
            cell.execution_count = number
            for output in cell.outputs:
                if "execution_count" in output:
                    output.execution_count = number
    nbformat.validate(notebook)
    return notebook


def ipynb_text(notebook) -> str:
    """``notebook`` as ``.ipynb`` text: the same notebook always gives the same bytes."""
    import nbformat

    return nbformat.writes(notebook) + "\n"


IMAGE_TYPES = ("image/png", "image/jpeg", "image/svg+xml")


class NotebookPageError(ValueError):
    """The rendered page does not match its notebook."""


def notebook_page(html: str, notebook) -> tuple[str, list[dict]]:
    """mkdocs-jupyter's page for ``notebook`` (the notebook it rendered, as read), fitted to the
    site, and TOC tokens.

    - The ``<style>`` elements mkdocs-jupyter puts in the page (JupyterLab's whole stylesheet,
      about 590 KB, and its code colours) go: ``assets/stylesheets/notebook.css``, linked by
      ``overrides/main.html`` on notebook pages, styles the cells.
    - Code cells get Material's ``highlight`` class, so their code has the book's code colours.
    - Each image output gets its ``alt`` from the output's metadata (``{mime: {"alt": ...}}``);
      nbconvert's lab template drops it for a placeholder, which the site check refuses.
    - Headings get readable ids (:func:`_heading_ids`).

    Its ``$`` math is the math plugin's (:func:`bookkit.mkdocs.math_render.mark_notebook_page`).
    """
    soup = BeautifulSoup(html, "html.parser")
    for style in soup.find_all("style"):
        style.decompose()
    for block in soup.select(".highlight-ipynb"):
        block["class"] = [*block.get("class", []), "highlight"]
    _image_alts(soup, notebook)
    tokens = _heading_ids(soup)
    return str(soup), tokens


def _image_alts(soup: BeautifulSoup, notebook) -> None:
    alts = [
        (output.get("metadata") or {}).get(kind, {}).get("alt")
        for cell in notebook.cells
        for output in cell.get("outputs", [])
        for kind in IMAGE_TYPES
        if kind in output.get("data", {})
    ]
    images = soup.select(".jp-RenderedImage img")
    if len(images) != len(alts):
        raise NotebookPageError(
            f"the page shows {len(images)} images, the notebook has {len(alts)} image outputs"
        )
    for image, alt in zip(images, alts, strict=True):
        if alt:
            image["alt"] = alt


def _heading_ids(soup: BeautifulSoup) -> list[dict]:
    """Korean-readable heading ids, and TOC tokens for them.

    mkdocs-jupyter slugifies headings to ASCII (a Korean heading becomes ``2`` or nothing) and
    builds its TOC with yet another slugifier, so the TOC's links miss. Headings get the ids
    the rest of the site uses (``pymdownx.slugs.slugify``, lower case) and the TOC is rebuilt
    from them (``mkdocs.structure.toc.get_toc`` takes the tokens).
    """
    from pymdownx.slugs import slugify

    slug = slugify(case="lower")
    seen: dict[str, int] = {}
    tokens: list[dict] = []
    for heading in soup.find_all(["h1", "h2", "h3", "h4", "h5", "h6"]):
        anchor = heading.find("a", class_="anchor-link")
        name = heading.get_text().removesuffix(anchor.get_text() if anchor else "").strip()
        base = slug(name, "-") or "section"
        seen[base] = seen.get(base, 0) + 1
        new_id = base if seen[base] == 1 else f"{base}_{seen[base] - 1}"
        heading["id"] = new_id
        if anchor is not None:
            anchor["href"] = f"#{new_id}"
        token = {"level": int(heading.name[1]), "id": new_id, "name": name, "children": []}
        parent = tokens
        while parent and parent[-1]["level"] < token["level"]:
            parent = parent[-1]["children"]
        parent.append(token)
    return tokens
