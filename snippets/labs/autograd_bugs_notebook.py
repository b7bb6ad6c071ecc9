# %% [markdown]
# # 실습: autograd 버그 세 가지
#
# 이 페이지는 빌드할 때 실행된 노트북입니다. 위의 내려받기 단추로 `.ipynb`를 받아 직접 실행할
# 수 있습니다. 코드는 모두 `labs/deep_learning_pytorch/tensors_and_autograd/autograd_bugs.py`에
# 있고, 노트북은 그 모듈을 import해서 부를 뿐입니다. 터미널에서는 같은 보고서를 이렇게 얻습니다.
#
# ```bash
# python -m labs.deep_learning_pytorch.tensors_and_autograd.autograd_bugs
# ```
#
# 버그마다 버그 버전과 고친 버전을 같은 입력으로 나란히 실행합니다. 측정 함수(`measure_*`)는
# 결과를 dataclass로 돌려주고, 출력(`print_*`)과 그림(`plot_*`)은 그 결과를 받는 별도 함수입니다.
# 그래서 테스트는 출력 문자열이 아니라 측정값 사이의 관계를 검사합니다.
#
# > 본문이 인용하는 값은 화면에 보이지 않는 검사 셀(`check` 태그)이 `assert`로 확인합니다.
# > 내려받은 노트북에서는 그 셀도 보입니다.

# %%
import torch

from labs.deep_learning_pytorch.tensors_and_autograd import autograd_bugs as lab

print("torch", torch.__version__)

# %% [markdown]
# ## 1. detach 누락: 평가 손실을 텐서째 더하기
#
# 평가 루프에서 손실을 모으는 세 방식을 비교합니다.
#
# | 방식 | 무엇이 남는가 |
# | --- | --- |
# | `total = total + loss` | `total`이 매 배치의 계산 그래프를 붙잡는다 (버그) |
# | `total = total + loss.item()` | 숫자만 더한다. 변수 `loss`가 마지막 배치의 그래프를 가리킨다 |
# | `torch.no_grad()` + `loss.item()` | 그래프를 아예 만들지 않는다 (고친 버전) |
#
# 그래프가 붙잡은 메모리는 `torch.autograd.graph.saved_tensors_hooks`로 잽니다. 역전파에 쓰려고
# 저장되는 텐서마다 pack hook이 불리므로, 저장본이 해제되는 순간을 weakref로 알아챌 수 있습니다.
# 같은 storage는 한 번만 세고, 그래프가 없어도 살아 있는 모델 매개변수는 빼고 셉니다.
# 모델은 `Linear(64, 1024) → ReLU → Linear(1024, 10)`이고, 샘플 256개짜리 배치가 50번 들어옵니다.

# %%
leak = lab.measure_detach_leak(n_batches=50, batch_size=256)
lab.print_leak(leak)

# %% [markdown]
# MiB 값은 PyTorch 버전과 기기에 따라 달라지므로 본문에 숫자로 적지 않습니다. 위 출력이
# 이 빌드에서, 맨 위 셀에 찍힌 torch 버전으로 잰 값입니다. 환경이 바뀌어도 변하지 않는 것은 세
# 방식 사이의 관계입니다. 아래 셀이 그 관계를 숫자로 확인합니다.

# %%
buggy = leak.run("total = total + loss")
item_only = leak.run("total = total + loss.item()")
no_grad = leak.run("torch.no_grad() + loss.item()")
live = buggy.live_bytes
growth = [after - before for before, after in zip(live[:-1], live[1:], strict=True)]
print(f"배치 하나가 더하는 메모리: {growth[0] / lab.MIB:.3f} MiB (모든 배치에서 같은가: "
      f"{len(set(growth)) == 1})")
print("loss.item() 버전에 남은 것이 배치 하나의 그래프인가:",
      item_only.live_bytes[-1] == buggy.live_bytes[0])
print("no_grad 버전에 남은 저장 텐서:", no_grad.live_bytes[-1], "바이트")
print("세 방식의 손실 합이 같은가:",
      all(abs(run.total - buggy.total) < 1e-3 for run in leak.runs))

# %% tags=["check"]
assert len(set(growth)) == 1 and growth[0] > 0
assert buggy.live_bytes[-1] == leak.n_batches * growth[0]
assert item_only.live_bytes == [buggy.live_bytes[0]] * leak.n_batches
assert set(no_grad.live_bytes) == {0}

# %% [markdown]
# 버그 버전의 메모리는 배치 수에 정확히 비례해 늘어납니다. 배치마다 같은 크기의 그래프
# (입력 배치, ReLU 출력, 손실 계산에 저장된 텐서)가 하나씩 `total`에 매달리기 때문입니다.
# 평가 세트가 길고 모델이 크면 이 직선이 GPU 메모리 한계에 닿습니다.

# %%
fig = lab.plot_leak(leak)

# %% [markdown]
# `.item()`만 써도 쌓이지는 않지만, 루프가 끝난 뒤에도 변수 `loss`가 마지막 그래프 하나를
# 붙잡고 있습니다. 평가는 `torch.no_grad()`(또는 `torch.inference_mode()`) 안에서 해야
# 그래프가 아예 생기지 않습니다. 기록용으로 손실을 모을 때는 `loss.item()`이나
# `loss.detach()`를 씁니다.
#
# ## 2. 제자리 수정
#
# 세 가지 경우를 봅니다. (a) 역전파에 필요한 시그모이드 출력을 `mul_`로 고치기,
# (b) 데이터셋의 뷰인 배치를 `-=`, `/=`로 정규화하기, (c) `s.data.mul_(2)`로 자동 미분 몰래
# 고치기. 입력은 $a = (0.5, -1, 2)$이고, 데이터셋은 평균이 약 10인 (64, 3) 텐서를 16행씩
# 나눈 배치입니다.

# %%
inplace = lab.measure_inplace()
lab.print_inplace(inplace)

# %% tags=["check"]
version = inplace.version_error
assert (version.version_before, version.version_after) == (0, 1)
assert "modified by an inplace operation" in version.message
view = inplace.view_normalization
assert f"{view.mean_before:.3f}" == "10.060"
assert abs(view.mean_after_inplace) < 5e-4 and view.mean_after_new_tensor == view.mean_before
data_grad = inplace.data_gradient
assert [round(g, 4) for g in data_grad.grad_data_mul] == [-0.3049, 0.2486, -1.3416]
assert [round(g, 4) for g in data_grad.grad_fixed] == [0.47, 0.3932, 0.21]

# %% [markdown]
# 세 경우 중 오류가 나는 것은 (a)뿐입니다. 시그모이드의 역전파는 국소 미분 $s(1-s)$에 출력
# $s$를 쓰므로 $s$를 저장해 둡니다. `mul_`이 버전 번호를 0에서 1로 올렸고, 역전파는
# 저장할 때의 버전(0)과 지금 버전이 다르다는 것을 알아채고 멈춥니다. 이 검사는 `torch.no_grad()`
# 블록 안에서 고쳐도 똑같이 걸립니다. `no_grad`는 그래프 기록만 끌 뿐 버전 번호는 계속 올리기
# 때문입니다([장의 예](../../tensors-and-autograd/#제자리-연산과-버전-카운터)).
#
# (b)는 오류 없이 데이터셋 자체를 바꿉니다. `dataset.split(16)`이 돌려준 배치는 뷰이므로
# `batch -= ...`가 데이터셋의 메모리를 고쳐, 평균이 10.060에서 0.000이 되었습니다. 다음
# 에포크는 이미 정규화된 데이터를 다시 정규화합니다. `batch = (batch - mean) / std`처럼 새
# 텐서를 만들면 데이터셋은 그대로입니다.
#
# (c)도 오류가 없습니다. `.data`를 거친 수정은 버전 번호를 올리지 않으므로 역전파는 두 배가
# 된 $2s$를 원래 $s$인 줄 알고 $s(1-s)$에 넣습니다. 뒤따르는 연산 `sum`의 기울기 1이
# 곱해져 결과는 $2s(1-2s)$입니다. 올바른 값은 $s \to 2s$의 미분 2를 곱한 $2s(1-s)$입니다.

# %%
grad = inplace.data_gradient
sigmoid = torch.sigmoid(torch.tensor(grad.a))
print("s            =", [round(v, 4) for v in sigmoid.tolist()])
print("a.grad (틀림) =", [round(v, 4) for v in grad.grad_data_mul])
print("2s(1-2s)     =", [round(v, 4) for v in grad.formula_wrong])
print("a.grad (맞음) =", [round(v, 4) for v in grad.grad_fixed])
print("2s(1-s)      =", [round(v, 4) for v in grad.formula_right])

# %% tags=["check"]
assert torch.allclose(torch.tensor(grad.grad_data_mul), torch.tensor(grad.formula_wrong))
assert torch.allclose(torch.tensor(grad.grad_fixed), torch.tensor(grad.formula_right))
assert round(grad.formula_wrong[0], 4) == -0.3049 and round(grad.formula_right[0], 2) == 0.47
assert round(sigmoid[0].item(), 4) == 0.6225

# %% [markdown]
# 예를 들어 $a = 0.5$에서 $s \approx 0.6225$이므로 올바른 기울기는 약 0.47인데, `.data`로 고친
# 쪽은 부호까지 틀린 -0.3049를 냈습니다. 세 성분 모두 식 $2s(1-2s)$와 $2s(1-s)$로 손 계산한 값과
# 같습니다.
#
# ## 3. zero_grad 누락
#
# 선형 회귀 $y = 2x_1 - 1.5x_2 + x_3 + 0.5 + \varepsilon$ (샘플 100개)를 SGD(학습률 0.1)로
# 30단계 학습합니다. 한쪽은 매 단계 `optimizer.zero_grad()`를 부르고, 다른 쪽은 빠뜨립니다.
# 표의 손실은 그 단계(step)의 갱신 전 값입니다.

# %%
zero = lab.measure_zero_grad(lr=0.1, steps=30)
lab.print_zero_grad(zero)

# %% tags=["check"]
assert zero.with_zero_grad[0] == zero.without_zero_grad[0]
assert zero.without_zero_grad[-1] > 10 * zero.with_zero_grad[-1]
assert zero.without_zero_grad[-1] > 1.0

# %%
fig = lab.plot_zero_grad(zero)

# %% [markdown]
# step 0은 같은 초기값에서 시작하므로 두 손실이 같습니다. 그다음부터 `zero_grad()`가 없는 쪽은
# 줄었다 늘었다 하며 30단계 뒤에도 손실이 1을 넘고, 있는 쪽보다 열 배 이상 큽니다. 오류는 나지
# 않습니다.
#
# 이유는 `.grad`가 덮어써지지 않고 더해지기 때문입니다. $k$번째 갱신은 지금까지의 기울기를
# 모두 더한 값을 씁니다.
#
# $$
# p_{k+1} = p_k - \eta \sum_{i=0}^{k} g_i = p_k - \eta v_k,
# \qquad v_k = \beta v_{k-1} + g_k,\ \beta = 1
# $$
#
# 이것은 감쇠 없이 과거 기울기를 전부 기억하는, 계수 $\beta = 1$인 모멘텀입니다. 정말
# 같은지 `zero_grad()`를 부르고 `SGD(momentum=1.0)`으로 학습한 손실과 비교합니다.

# %%
gap = max(abs(a - b) for a, b in zip(zero.without_zero_grad, zero.momentum_one, strict=True))
print(f"zero_grad 누락 vs SGD(momentum=1): 30단계 손실 차이의 최댓값 {gap:.1e}")

# %% tags=["check"]
assert gap < 1e-5

# %% [markdown]
# 두 학습은 손실 차이가 부동소수점 오차 수준일 만큼 같은 길을 갑니다. 표의 숫자 자체는
# 회귀 데이터(`make_regression`, 시드 0)에 따라 달라지지만, 데이터를 바꿔도 변하지 않는 모습이
# 있습니다. step 0에서 두 손실이 같고, `zero_grad()`가 없는 쪽은 한참 위에서 흔들리며 끝납니다.
#
# ## 직접 해 보기
#
# - `lab.measure_detach_leak(n_batches=100)`으로 바꿔 직선이 두 배 길어지는지 봅니다.
#   `hidden`을 바꾸면 직선이 오르는 정도(배치 하나의 그래프 크기)가 어떻게 달라지는지 예측해 봅니다.
# - `measure_zero_grad(lr=0.02)`로 학습률을 낮추면 `zero_grad()` 누락의 피해가 줄어드는지 봅니다.
# - 연습문제 [unbroadcast-grad](../../exercises/unbroadcast-grad/)와
#   [strides-and-views](../../exercises/strides-and-views/)로 이어집니다.
