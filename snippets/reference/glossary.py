# 용어집: (한국어, 영어, 짧은 설명). "나오는 곳" 칸은 빌드 때 각 장의 본문을 찾아 채운다.
import re
from pathlib import Path

import bookkit

TERMS = [
    ("텐서", "tensor", "형태·자료형·장치를 가진 n차원 배열"),
    ("형태", "shape", "각 차원의 크기, '모양'이라고도 한다. `torch.Size([2, 3])`"),
    ("자료형", "dtype", "원소의 수 형식. `torch.float32`, `torch.int64`"),
    ("장치", "device", "텐서가 놓인 곳. `cpu`, `cuda:0`, `mps`"),
    ("차원", "dimension, axis", "형태의 각 자리. `dim=1`"),
    ("스칼라", "scalar", "0차원 텐서"),
    ("벡터", "vector", "1차원 텐서"),
    ("행렬", "matrix", "2차원 텐서"),
    ("배치", "batch", "한 번에 함께 처리하는 샘플 묶음, 보통 0번 차원"),
    ("특성", "feature", "샘플 하나를 설명하는 값들"),
    ("채널", "channel", "이미지의 색 성분 등, `[B, C, H, W]`의 C"),
    ("시퀀스", "sequence", "순서가 있는 토큰열, `[batch, seq]`"),
    ("임베딩", "embedding", "토큰 하나를 나타내는 벡터"),
    ("어텐션", "attention", "`[B, heads, T, T]` 점수로 토큰끼리 섞는 연산"),
    ("인덱싱", "indexing", "`x[0]`, `x[:, 0]`처럼 일부를 고르기"),
    ("브로드캐스팅", "broadcasting", "크기 1인 차원을 늘려 형태를 맞추는 규칙"),
    ("행렬 곱", "matrix multiplication", "`@`, `torch.matmul`"),
    ("내적", "dot product, inner product", "같은 자리 원소 곱의 합"),
    ("전치", "transpose", "두 차원을 맞바꾸기, `t()`"),
    ("보폭", "stride", "한 차원에서 다음 원소로 가려면 건너뛸 원소 수"),
    ("연속 메모리", "contiguous", "행 우선 순서로 빈틈없이 놓인 메모리"),
    ("뷰", "view", "메모리를 공유하며 형태만 다르게 읽는 텐서"),
    ("제자리 연산", "in-place operation", "이름이 `_`로 끝나며 텐서 자체를 고치는 연산"),
    ("자동 미분", "autograd, automatic differentiation", "기록된 연산으로 기울기를 계산하는 엔진"),
    ("기울기", "gradient", "출력이 입력에 따라 변하는 비율, `.grad`"),
    ("계산 그래프", "computation graph", "`grad_fn`들이 이어진 연산 기록"),
    ("역전파", "backpropagation, backward", "그래프를 거꾸로 따라가며 기울기를 구하기"),
    ("리프 텐서", "leaf tensor", "사용자가 직접 만든 텐서, `.grad`가 채워지는 곳"),
    ("누적", "accumulation", "`backward()`가 `.grad`에 더하는 동작"),
    ("버전 카운터", "version counter", "제자리 수정 횟수, 저장된 값이 바뀌었는지 검사"),
    ("추론", "inference", "학습 없이 출력만 계산하기"),
    ("유한 차분", "finite difference", "작은 h로 함숫값 차이를 나누어 근사한 기울기"),
    ("중심 차분", "central difference", "(f(x+h) - f(x-h)) / 2h"),
    ("야코비안", "Jacobian", "벡터 함수의 모든 편미분을 모은 행렬"),
    ("연쇄 법칙", "chain rule", "합성 함수의 도함수는 각 단계 도함수의 곱"),
    ("허용 오차", "tolerance", "두 수치 결과를 같다고 볼 차이의 한계"),
    ("경사 하강법", "gradient descent", "기울기의 반대 방향으로 조금씩 움직이는 최적화"),
    ("학습률", "learning rate", "기울기 방향으로 움직이는 보폭"),
    ("매개변수", "parameter", "학습으로 값이 정해지는 텐서"),
    ("손실", "loss", "학습이 줄이려는 스칼라 값"),
    ("옵티마이저", "optimizer", "기울기로 매개변수를 갱신하는 객체, `torch.optim`"),
    ("가중치", "weight", "학습되는 매개변수, `nn.Linear.weight`는 `[out, in]`"),
    ("편향", "bias", "더해지는 매개변수"),
    ("로짓", "logits", "소프트맥스 이전의 점수"),
    ("소프트맥스", "softmax", "점수를 합이 1인 확률로 바꾸는 함수"),
    ("교차 엔트로피", "cross entropy", "소프트맥스와 NLL을 합친 분류 손실"),
    ("선형층", "linear layer", "`nn.Linear`: `x @ W.T + b`"),
    ("음의 로그 가능도", "negative log-likelihood, NLL", "정답 확률의 -log 평균"),
    ("동적 그래프", "dynamic graph, define-by-run", "실행하면서 만들어지는 그래프"),
    ("정적 그래프", "static graph, define-and-run", "먼저 정의하고 나중에 실행하는 그래프"),
    ("사전 학습", "pre-training", "큰 데이터로 모델을 처음 학습시키는 단계"),
    ("사후 학습", "post-training", "사전 학습된 모델을 추가로 학습시키는 단계"),
    ("너비 우선 탐색", "breadth-first search, BFS", "가까운 칸부터 차례로 방문하는 탐색"),
]

docs = Path(bookkit.__file__).resolve().parent.parent / "docs"
chapters = {
    "pytorch-basics/index.md": "PyTorch 기본",
    "tensors/index.md": "텐서",
    "first-steps/index.md": "첫걸음",
    "tensors-and-autograd/index.md": "텐서와 autograd",
}
texts = {
    page: (docs / page).read_text(encoding="utf-8") for page in chapters if (docs / page).is_file()
}

print("| 한국어 | 영어 | 뜻 | 나오는 곳 |")
print("| --- | --- | --- | --- |")
unused = []
for korean, english, meaning in TERMS:
    pattern = re.compile(re.escape(korean))
    # 생성된 표의 링크는 MkDocs가 고쳐 주지 않으므로 빌드된 주소(../<slug>/)를 쓴다.
    where = [f"[{title}](../{page.removesuffix('index.md')})" for page, title in chapters.items()
             if page in texts and pattern.search(texts[page])]
    if not where:
        unused.append(korean)
    print(f"| {korean} | {english} | {meaning} | {', '.join(where) or '—'} |")
print()
print(f"용어 {len(TERMS)}개가 모두 본문 네 장 가운데 한 곳 이상에 나옵니다.")
assert not unused, f"용어집에만 있고 본문에 없는 용어: {unused}"  # markdown-exec: hide
