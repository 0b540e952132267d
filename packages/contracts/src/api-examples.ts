/**
 * The API page's examples (curl, JavaScript, Python). One text per language, shown as it is by the web
 * app and run as it is by the server's tests against a test server, so what people copy works. Each reads
 * the server's address from HOUND_URL and the key from HOUND_API_KEY.
 */
export const API_EXAMPLES = {
  curl: `# A username search: start it, then wait (up to 30 s per call) until it has ended.
search=$(curl -s -X POST "$HOUND_URL/api/v1/searches" \\
  -H "Authorization: Bearer $HOUND_API_KEY" -H "Content-Type: application/json" \\
  -d '{"username": "blue"}')
id=$(printf '%s' "$search" | sed -E 's/.*"search_id":"([^"]+)".*/\\1/')
curl -s "$HOUND_URL/api/v1/searches/$id?wait=30" -H "Authorization: Bearer $HOUND_API_KEY"
echo

# An email search costs one credit. Send the same Idempotency-Key when you retry: no second credit.
curl -s -X POST "$HOUND_URL/api/v1/email-searches" \\
  -H "Authorization: Bearer $HOUND_API_KEY" -H "Content-Type: application/json" \\
  -H "Idempotency-Key: first-email-search-$id" \\
  -d '{"email": "someone@example.com"}'
echo
`,
  javascript: `// Node 18 or later (fetch is built in): node search.mjs
const base = process.env.HOUND_URL;
const headers = {
  Authorization: \`Bearer \${process.env.HOUND_API_KEY}\`,
  'Content-Type': 'application/json',
};

async function call(path, init = {}) {
  const answer = await fetch(base + path, { ...init, headers: { ...headers, ...init.headers } });
  const body = await answer.json();
  if (!answer.ok) throw new Error(\`\${answer.status} \${body.code}: \${body.detail}\`);
  return body;
}

// A username search: started at once, then read until it has ended (?wait=30 holds each read).
const started = await call('/api/v1/searches', { method: 'POST', body: JSON.stringify({ username: 'blue' }) });
let search = await call(\`\${started.status_url}?wait=30\`);
while (!search.complete) search = await call(\`\${started.status_url}?wait=30\`);
for (const [site, result] of Object.entries(search.result.results)) {
  if (result.verdict === 'found') console.log('found', site, result.url);
}

// An email search: one credit; a retry with the same Idempotency-Key spends nothing more.
const email = await call('/api/v1/email-searches', {
  method: 'POST',
  headers: { 'Idempotency-Key': crypto.randomUUID() },
  body: JSON.stringify({ email: 'someone@example.com' }),
});
let report = await call(\`\${email.status_url}?wait=30\`);
while (!report.complete) report = await call(\`\${email.status_url}?wait=30\`);
for (const account of report.accounts) console.log('registered', account.siteName);
console.log('credits left', email.credits_remaining);
`,
  python: `# Python 3, standard library only: python3 search.py
import json, os, urllib.request, uuid

BASE, KEY = os.environ["HOUND_URL"], os.environ["HOUND_API_KEY"]

def call(method, path, body=None, headers=None):
    request = urllib.request.Request(BASE + path, method=method, data=json.dumps(body).encode() if body else None)
    request.add_header("Authorization", "Bearer " + KEY)
    request.add_header("Content-Type", "application/json")
    for name, value in (headers or {}).items():
        request.add_header(name, value)
    with urllib.request.urlopen(request, timeout=60) as answer:
        return json.load(answer)

# A username search: started at once, then read until it has ended (?wait=30 holds each read).
started = call("POST", "/api/v1/searches", {"username": "blue"})
search = call("GET", started["status_url"] + "?wait=30")
while not search["complete"]:
    search = call("GET", started["status_url"] + "?wait=30")
for site, result in search["result"]["results"].items():
    if result["verdict"] == "found":
        print("found", site, result["url"])

# An email search: one credit; a retry with the same Idempotency-Key spends nothing more.
email = call("POST", "/api/v1/email-searches", {"email": "someone@example.com"}, {"Idempotency-Key": str(uuid.uuid4())})
report = call("GET", email["status_url"] + "?wait=30")
while not report["complete"]:
    report = call("GET", email["status_url"] + "?wait=30")
for account in report["accounts"]:
    print("registered", account["siteName"])
print("credits left", email["credits_remaining"])
`,
} as const;

export type ApiExampleLanguage = keyof typeof API_EXAMPLES;
