"""격자 BFS 연습: LeetCode 733 Flood Fill, 200 Number of Islands."""
