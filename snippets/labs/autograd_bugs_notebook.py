# %% [markdown]
# # 실습: 네 함수에 숨은 세 종류의 autograd 버그 고치기
#
# 이 실습의 버그는 세 종류입니다. 평가 손실을 더할 때의 `detach` 누락, 역전파에 필요한 값이나
# 데이터셋을 고치는 제자리 수정, 그리고 `zero_grad()` 누락입니다. 이 버그들이 함수 네 개에 하나씩
# 숨어 있습니다. 평가 손실을 더하는 `evaluate`(`detach` 누락), 소프트맥스를 계산하는 `softmax`와
# 데이터셋을 배치별로 정규화하는 `normalize_batches`(둘 다 제자리 수정), 선형 회귀를 학습하는
# `train`(`zero_grad()` 누락)입니다. 넷 중 셋은 오류 없이 틀린 일을 하고, 하나는 엉뚱한 줄에서
# 오류를 냅니다. 절마다 다음 순서로 진행합니다.
#
# 1. 고칠 함수를 읽습니다. 버그가 그대로 들어 있습니다.
# 2. 점검 셀이 그 함수를 실행해 무엇이 어긋나는지 숫자로 보여 주고, 끝에 `[통과]`나 `[아직]`을
#    출력합니다.
# 3. 버그 버전과 고친 버전을 같은 입력으로 나란히 잰 측정에서 원인을 확인합니다.
# 4. 함수 셀을 고치고, 그 셀과 점검 셀을 다시 실행해 `[통과]`가 나오는지 봅니다.
#
# 이 페이지의 노트북은 버그가 그대로인 채로 실행되어 있어 점검 결과가 모두 `[아직]`입니다.
# 위의 내려받기 단추로 받은 `.ipynb`에는 실습에 필요한 코드(측정 도구, 고칠 함수, 점검)가 모두
# 들어 있어서, 빈 폴더에서 torch, numpy, matplotlib만으로 위에서 아래로 실행됩니다.
#
# 책의 저장소에서 풀 수도 있습니다. 첫 명령이 고칠 함수들이 든 파일을 `workspace/autograd_bugs.py`로
# 복사하고(이미 있으면 건드리지 않습니다), 두 번째 명령이 그 파일의 네 함수를 테스트합니다.
#
# ```bash
# python3 scripts/dev.py exercise start autograd_bugs
# python3 scripts/dev.py exercise check autograd_bugs
# ```
#
# 고친 버전(풀이)은 `labs/deep_learning_pytorch/tensors_and_autograd/autograd_bugs.py`에 있고,
# 테스트는 `tests/lab_tests/test_autograd_bugs_fixes.py`입니다. 노트북의 코드는 그 풀이에서 만든
# 학생용 파일에서 그대로 옮겨 온 것입니다.
#
# > 본문이 인용하는 값은 화면에 보이지 않는 검사 셀(`check` 태그)이 `assert`로 확인합니다.
# > 내려받은 노트북에서는 그 셀도 보입니다. 여러분이 고칠 함수에 대한 검사는 그 함수가 나눠 준
# > 버그 그대로 동작할 때만 확인하므로, 고친 뒤에는 맞게 고쳤든 아니든 아무것도 하지 않고
# > 지나갑니다. 맞게 고쳤는지는 점검 셀이 찍는 `[통과]`와 `[아직]`이 알려 줍니다.

# %%
# --8<-- "labs/deep_learning_pytorch/tensors_and_autograd/exercises/autograd_bugs.py:setup"

print("torch", torch.__version__)

# %% [markdown]
# ## 1. detach 누락: 평가 손실을 텐서째 더하기
#
# 평가 루프가 계산 그래프를 남기는지는 눈으로 보이지 않으므로 먼저 재는 도구를 둡니다.
# `SavedTensorTracker`는 `torch.autograd.graph.saved_tensors_hooks`로 역전파에 쓰려고 저장되는
# 텐서를 모두 지켜봅니다. 저장될 때마다 pack hook이 불리므로, 저장본에 weakref를 걸어 두면
# 그래프가 풀려나는 순간도 알 수 있습니다. 같은 storage는 한 번만 세고, 그래프가 없어도 살아
# 있는 모델 매개변수는 빼고 셉니다. `measure_evaluate`는 평가 함수에 배치를 하나씩 건네면서,
# 루프가 다음 배치를 달라고 할 때마다 살아 있는 저장 텐서의 크기를 잽니다. `check_evaluate`가 그
# 측정으로 판정합니다.

# %%
# --8<-- "labs/deep_learning_pytorch/tensors_and_autograd/exercises/autograd_bugs.py:leak-tools"

print("정의한 도구: SavedTensorTracker, make_classifier, make_batches, measure_evaluate, "
      "reference_total, check_evaluate")

# %% [markdown]
# ### 고칠 함수: `evaluate`
#
# 평가 배치마다 교차 엔트로피 손실을 구해 모두 더합니다. 평가이므로 역전파할 일은 없습니다.

# %%
# --8<-- "labs/deep_learning_pytorch/tensors_and_autograd/exercises/autograd_bugs.py:evaluate"

print("evaluate를 정의했습니다. 아래 점검 셀이 이 함수를 실행합니다.")

# %% [markdown]
# 점검은 `Linear(64, 256) → ReLU → Linear(256, 10)` 모델에 샘플 64개짜리 배치 20개를 넣어
# `evaluate`를 실행하고, 돌려받은 합을 그래프 없이 계산한 합과 비교합니다.

# %%
evaluate_verdict = check_evaluate(evaluate).show()

# %% tags=["check"]
if evaluate_verdict.as_handed_out:  # 고치기 전의 모습(본문이 설명하는 것)
    values = evaluate_verdict.values
    assert abs(values["total"] - values["expected"]) < 1e-3  # 합은 맞다
    assert values["live_bytes"] == sorted(values["live_bytes"]) and values["live_bytes"][0] > 0
    assert values["live_bytes"][-1] == 20 * values["live_bytes"][0]  # 배치마다 늘어난다
    assert "grad_fn=AddBackward0" in evaluate_verdict.findings[-1]

# %% [markdown]
# 합은 맞습니다. 그런데 살아 있는 저장 텐서가 배치마다 늘어나고, 돌려받은 것은 숫자가 아니라
# `grad_fn`이 달린 텐서입니다. 원인을 보려고 손실을 모으는 세 방식을 같은 입력으로 잽니다.
#
# | 방식 | 무엇이 남는가 |
# | --- | --- |
# | `total = total + loss` | `total`이 매 배치의 계산 그래프를 붙잡는다 (지금의 `evaluate`) |
# | `total = total + loss.item()` | 숫자만 더한다. 변수 `loss`가 마지막 배치의 그래프를 가리킨다 |
# | `torch.no_grad()` + `loss.item()` | 그래프를 아예 만들지 않는다 |
#
# 이번 모델은 더 큰 `Linear(64, 1024) → ReLU → Linear(1024, 10)`이고, 샘플 256개짜리 배치가
# 50번 들어옵니다.

# %%
# --8<-- "labs/deep_learning_pytorch/tensors_and_autograd/exercises/autograd_bugs.py:leak-findings"

leak = measure_detach_leak(n_batches=50, batch_size=256)
print_leak(leak)

# %% [markdown]
# MiB 값은 PyTorch 버전과 기기에 따라 달라집니다(맨 위 셀이 torch 버전을 찍습니다). 환경이
# 바뀌어도 변하지 않는 것은 세 방식 사이의 관계이고, 아래 셀이 그 관계를 숫자로 확인합니다.

# %%
buggy = leak.run("total = total + loss")
item_only = leak.run("total = total + loss.item()")
no_grad = leak.run("torch.no_grad() + loss.item()")
live = buggy.live_bytes
growth = [after - before for before, after in zip(live[:-1], live[1:], strict=True)]
print(f"배치 하나가 더하는 메모리: {growth[0] / MIB:.3f} MiB (모든 배치에서 같은가: "
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
assert all(abs(run.total - buggy.total) < 1e-3 for run in leak.runs)

# %% [markdown]
# 버그 버전의 메모리는 배치 수에 정확히 비례해 늘어납니다. 배치마다 같은 크기의 그래프
# (입력 배치, ReLU 출력, 손실 계산에 저장된 텐서)가 하나씩 `total`에 매달리기 때문입니다.
# 평가 세트가 길고 모델이 크면 이 직선이 GPU 메모리 한계에 닿습니다.

# %%
show_figure(plot_leak(leak))

# %% [markdown]
# `.item()`만 써도 쌓이지는 않지만, 루프가 끝난 뒤에도 변수 `loss`가 마지막 그래프 하나를
# 붙잡고 있습니다. 평가는 `torch.no_grad()`(또는 `torch.inference_mode()`) 안에서 해야
# 그래프가 아예 생기지 않습니다. 기록용으로 손실을 모을 때는 `loss.item()`이나
# `loss.detach()`를 씁니다.
#
# **고쳐 보기.** 위의 `evaluate` 셀을 고친 뒤, 그 셀과 점검 셀을 다시 실행합니다. 점검은 합이
# 그대로이고, 저장 텐서가 배치마다 늘지 않고, 돌려준 값이 그래프를 붙잡지 않으면 `[통과]`를
# 출력합니다. `.item()`만으로도 통과하지만, 그때는 `torch.no_grad()`를 쓰라는 말이 덧붙습니다.
#
# ## 2. 제자리 수정
#
# 이 절의 도구는 평균이 약 10인 (64, 3) 데이터셋을 만드는 `make_dataset`과 두 점검 함수입니다.
# `check_softmax`는 (4, 5) 점수로 `softmax`의 값과 기울기를 `torch.softmax`와 비교하고,
# `check_normalize`는 데이터셋을 16행씩 나눈 배치가 정규화되는지, 데이터셋은 그대로인지 봅니다.

# %%
# --8<-- "labs/deep_learning_pytorch/tensors_and_autograd/exercises/autograd_bugs.py:inplace-tools"

print("정의한 도구: make_dataset, check_softmax, check_normalize")

# %% [markdown]
# ### 고칠 함수: `softmax`와 `normalize_batches`
#
# `softmax`는 점수에서 행마다 최댓값을 빼고(큰 수의 지수가 넘치지 않도록) 지수를 구한 뒤, 행의
# 합으로 나눠 확률을 만듭니다. `normalize_batches`는 데이터셋을 배치로 나눠 배치마다 특성별 평균을
# 빼고 표준편차로 나눕니다. 둘 다 메모리를 아끼려고 제자리 연산 `/=`, `-=`를 썼습니다.

# %%
# --8<-- "labs/deep_learning_pytorch/tensors_and_autograd/exercises/autograd_bugs.py:softmax"


# --8<-- "labs/deep_learning_pytorch/tensors_and_autograd/exercises/autograd_bugs.py:normalize"

print("softmax, normalize_batches를 정의했습니다.")

# %%
softmax_verdict = check_softmax(softmax).show()
normalize_verdict = check_normalize(normalize_batches).show()

# %% tags=["check"]
if softmax_verdict.as_handed_out:  # 고치기 전의 모습
    assert "modified by an inplace operation" in softmax_verdict.findings[-1]
    assert "output 0 of Exp, is at version 1" in softmax_verdict.findings[-1]
    assert "True" in softmax_verdict.findings[0]
if normalize_verdict.as_handed_out:
    assert "True" in normalize_verdict.findings[0]
    assert f"{normalize_verdict.values['mean_before']:.3f}" == "10.060"
    assert abs(normalize_verdict.values["mean_after"]) < 5e-4

# %% [markdown]
# `softmax`의 출력은 맞는데 역전파가 실패합니다. 메시지는 `Exp` 연산의 출력 0번이 버전 1이
# 되었다고 말합니다. 지수 함수의 미분은 자기 자신이라서 `exp`는 역전파 때 쓰려고 출력을 저장해
# 두는데, `exps /= ...`가 바로 그 텐서를 고쳤습니다. `normalize_batches`는 배치를 제대로
# 정규화했지만, 데이터셋의 평균이 10.060에서 0.000으로 바뀌었습니다. 오류는 없습니다.
#
# 같은 일을 세 경우로 나눠 잽니다. (a) 역전파에 필요한 시그모이드 출력을 `mul_`로 고치기,
# (b) 데이터셋의 뷰인 배치를 `-=`, `/=`로 정규화하기, (c) `s.data.mul_(2)`로 자동 미분 몰래
# 고치기. 입력은 $a = (0.5, -1, 2)$이고, 데이터셋은 위와 같습니다.

# %%
# --8<-- "labs/deep_learning_pytorch/tensors_and_autograd/exercises/autograd_bugs.py:inplace-findings"

inplace = measure_inplace()
print_inplace(inplace)

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
# 세 경우 중 오류가 나는 것은 (a)뿐입니다. 시그모이드의 역전파는 저장해 둔 출력 $s$를 쓰는데,
# `mul_`이 $s$의 버전 번호를 0에서 1로 올려 버전 검사에 걸렸습니다. `softmax`의 `exp`도 똑같습니다.
# 버전 카운터가 무엇을 세고 무엇을 놓치는지는
# [4.1](../../tensors-and-autograd/graph-control/#제자리-연산과-버전-카운터)에서 다룹니다.
#
# (b)는 오류 없이 데이터셋 자체를 바꿉니다. `dataset.split(16)`이 돌려준 배치는 뷰이므로
# `batch -= ...`가 데이터셋의 메모리를 고쳐, 평균이 10.060에서 0.000이 되었습니다. 다음
# 에포크는 이미 정규화된 데이터를 다시 정규화합니다. `batch = (batch - mean) / std`처럼 새
# 텐서를 만들면 데이터셋은 그대로입니다.
#
# (c)도 오류가 없습니다. `.data`를 거친 수정은 버전 번호를 올리지 않으므로, 역전파는 두 배가
# 된 $2s$를 원래 $s$로 알고 계산해 $2s(1-2s)$를 냅니다. 올바른 값은 $2s(1-s)$입니다
# ([4.1의 `.data`와 `detach()`](../../tensors-and-autograd/graph-control/#data와-detach)).

# %%
grad = inplace.data_gradient
sigmoid = torch.sigmoid(torch.tensor(grad.a))
print("s        =", [round(v, 4) for v in sigmoid.tolist()])
print("a.grad   =", [round(v, 4) for v in grad.grad_data_mul], "(틀림)")
print("2s(1-2s) =", [round(v, 4) for v in grad.formula_wrong])
print("a.grad   =", [round(v, 4) for v in grad.grad_fixed], "(맞음)")
print("2s(1-s)  =", [round(v, 4) for v in grad.formula_right])

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
# **고쳐 보기.** `softmax`와 `normalize_batches`에서 제자리 연산을 새 텐서를 만드는 연산으로
# 바꾸고, 두 셀과 점검 셀을 다시 실행합니다. 역전파가 저장해 둔 값과 다른 텐서의 뷰는
# 제자리에서 고치지 않는다는 것이 두 버그의 공통된 교훈입니다.
#
# ## 3. zero_grad 누락
#
# 선형 회귀 $y = 2x_1 - 1.5x_2 + x_3 + 0.5 + \varepsilon$ (샘플 100개)를 SGD(학습률 0.1)로
# 30단계 학습합니다. 도구는 데이터를 만드는 `make_regression`, `zero_grad()`를 부를지와 모멘텀을
# 고를 수 있는 같은 학습 `train_variant`, 그리고 점검 `check_train`입니다.

# %%
# --8<-- "labs/deep_learning_pytorch/tensors_and_autograd/exercises/autograd_bugs.py:zero-grad-tools"

print("정의한 도구: make_regression, train_variant, check_train")

# %% [markdown]
# ### 고칠 함수: `train`
#
# 가중치와 편향을 0에서 시작해 평균 제곱 오차를 줄이고, 단계(step)마다 갱신하기 전의 손실을
# 모읍니다.

# %%
# --8<-- "labs/deep_learning_pytorch/tensors_and_autograd/exercises/autograd_bugs.py:train"

print("train을 정의했습니다.")

# %%
train_verdict = check_train(train).show()

# %% tags=["check"]
if train_verdict.as_handed_out:  # 고치기 전의 모습
    losses, expected = train_verdict.values["losses"], train_verdict.values["expected"]
    assert losses[0] == expected[0] and losses[1] == expected[1]  # 처음 두 손실은 같다
    assert abs(losses[2] - expected[2]) > 0.1

# %% [markdown]
# 같은 초기값에서 시작하므로 step 0의 손실은 같고, step 1도 같습니다(첫 갱신에는 쌓인 기울기가
# 하나뿐입니다). 두 번째 갱신부터 지난 기울기가 섞여 step 2부터 어긋납니다. 오류는 없습니다.
# `zero_grad()`를 부르는 쪽(`with` 열)과 빠뜨린 쪽(`without` 열)의 손실을 나란히 놓습니다.
# 표의 손실은 그 단계의 갱신 전 값입니다.

# %%
# --8<-- "labs/deep_learning_pytorch/tensors_and_autograd/exercises/autograd_bugs.py:zero-grad-findings"

zero = measure_zero_grad(lr=0.1, steps=30)
print_zero_grad(zero)

# %% tags=["check"]
assert zero.with_zero_grad[0] == zero.without_zero_grad[0]
assert zero.without_zero_grad[-1] > 10 * zero.with_zero_grad[-1]
assert zero.without_zero_grad[-1] > 1.0

# %%
show_figure(plot_zero_grad(zero))

# %% [markdown]
# `zero_grad()`가 없는 쪽은 줄었다 늘었다 하며 30단계 뒤에도 손실이 1을 넘고, 있는 쪽보다 열 배
# 이상 큽니다.
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
# **고쳐 보기.** `train`의 반복 안, `backward()`보다 앞에 한 줄을 넣고 두 셀을 다시 실행합니다.
#
# ## 네 함수를 한 번에 점검하기
#
# 고친 뒤에는 아래 셀을 다시 실행해 네 줄이 모두 `[통과]`인지 봅니다. 이 페이지에서는 아직
# 아무것도 고치지 않았으므로 넷 다 `[아직]`입니다.

# %%
verdicts = [check_evaluate(evaluate), check_softmax(softmax),
            check_normalize(normalize_batches), check_train(train)]
for verdict in verdicts:
    print(f"{'[통과]' if verdict.ok else '[아직]'} {verdict.name}")

# %% tags=["check"]
assert [verdict.name for verdict in verdicts] == [
    "evaluate", "softmax", "normalize_batches", "train"]

# %% [markdown]
# ## 직접 해 보기
#
# - `measure_detach_leak(n_batches=100)`으로 바꿔 직선이 두 배 길어지는지 봅니다.
#   `hidden`을 바꾸면 직선이 오르는 정도(배치 하나의 그래프 크기)가 어떻게 달라지는지 예측해 봅니다.
# - `measure_zero_grad(lr=0.02)`로 학습률을 낮추면 `zero_grad()` 누락의 피해가 줄어드는지 봅니다.
# - 연습문제 [unbroadcast-grad](../../exercises/unbroadcast-grad/)와
#   [strides-and-views](../../exercises/strides-and-views/)로 이어집니다.
