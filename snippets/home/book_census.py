from pathlib import Path

import bookkit
from bookkit.fences import extract_fences

docs = Path(bookkit.__file__).resolve().parent.parent / "docs"
pages = sorted(docs.rglob("*.md"))
executed = {
    page: sum(fence.executed for fence in extract_fences(page.read_text(encoding="utf-8"), page))
    for page in pages
}
print(f"페이지 {len(pages)}개, 빌드 때 실행되는 코드 블록 {sum(executed.values())}개")
for page, count in executed.items():
    if count:
        print(f"  {str(page.relative_to(docs)):<36} {count:>3}")
