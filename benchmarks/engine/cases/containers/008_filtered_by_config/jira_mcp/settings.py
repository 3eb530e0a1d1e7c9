import os

ENABLED = set(os.environ.get("JIRA_TOOLS", "jira_get_issue,jira_create_issue").split(","))
