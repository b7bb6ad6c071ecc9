class Shift(nn.Module):  # 매개변수가 없는 모델
    def forward(self, x):
        return torch.tanh(x * 2) + 1


shift_graph = torch.export.export(Shift(), (torch.ones(3),)).graph
kinds = [node.op for node in shift_graph.nodes]
print("입력 자리:", kinds.count("placeholder"), "| 연산 호출:", kinds.count("call_function"))
print([str(node.target) for node in shift_graph.nodes if node.op == "call_function"])
assert kinds.count("placeholder") == 1 and kinds.count("call_function") == 3  # markdown-exec: hide
