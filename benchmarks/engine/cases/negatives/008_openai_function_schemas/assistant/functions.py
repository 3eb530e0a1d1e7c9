from openai import OpenAI

FUNCTIONS = [
    {
        "type": "function",
        "function": {
            "name": "get_weather",
            "description": "Weather for a city",
            "parameters": {"type": "object", "properties": {"city": {"type": "string"}}},
        },
    }
]


def get_weather(city: str) -> str:
    return "sunny"


def ask(question: str) -> str:
    client = OpenAI()
    reply = client.chat.completions.create(
        model="gpt-4o-mini", messages=[{"role": "user", "content": question}], tools=FUNCTIONS
    )
    return reply.choices[0].message.content or ""
