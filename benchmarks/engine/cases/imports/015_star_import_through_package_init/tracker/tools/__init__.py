from .get_my_issues import *
from .add_issue_comment import *
