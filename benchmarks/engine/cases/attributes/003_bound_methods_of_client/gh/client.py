import httpx


class GitHubClient:
    def __init__(self, token: str) -> None:
        self.http = httpx.Client(base_url="https://api.github.com",
                                 headers={"Authorization": f"Bearer {token}"})

    def get_repo(self, owner: str, repo: str) -> dict:
        return self.http.get(f"/repos/{owner}/{repo}").json()

    def create_issue(self, owner: str, repo: str, title: str) -> dict:
        return self.http.post(f"/repos/{owner}/{repo}/issues", json={"title": title}).json()
