import { FOLLOW_LIMITS } from '@hound/contracts';
import { DEFAULT_USER_AGENT, TRANSPORT_DEFAULTS } from '../transport/options.ts';

/** `hound --help`: a man-page style synopsis. */
export function helpText(version: string): string {
  const timeout = TRANSPORT_DEFAULTS.timeoutMs / 1000;
  return `hound ${version} — find where a username has a profile, across the Sherlock, WhatsMyName
and Maigret site catalogues.

USAGE
    hound [OPTIONS] USERNAME...
    hound --recursive [--depth 2] USERNAME...
    hound email [OPTIONS] ADDRESS...
    hound email --recursive [--depth 2] ADDRESS...
    hound sites update|list|stats|selftest [OPTIONS]

    Found profiles are printed to stdout as they arrive; progress (on a terminal) and the summary go
    to stderr, so \`hound alice > found.txt\` keeps only the profiles.

SEARCH OPTIONS
    --site NAME          Check only this site (id or name, case-insensitive). Repeatable. Named sites
                         are checked even when NSFW, unreliable or on an exclusions list.
    --category NAME      Only sites with this category or tag. Repeatable.
    --nsfw               Include NSFW sites (left out by default).
    --include-unreliable Include sites the health self-test marked unreliable.
    --print-all          Also print sites where the name was not found, could not be checked
                         (unknown, with the reason) or cannot be checked (invalid).
    --recursive          Follow the leads: search again for the usernames and addresses the found
                         profiles link to or state, shown under the search that found them, with why.
    --depth N            How many steps --recursive follows: 1 (default) or 2. At most ${FOLLOW_LIMITS.maxNewNamesPerLevel}
                         new names per step; a name is never searched twice.
    --facts MODE         Profile facts (name, bio, links, other usernames): page (default, read from
                         what the check fetched), fetch (also one GET of the profile page where the
                         check asked an API), off.
    --json FILE          Write every result, with its evidence, as JSON. A result's url is the
                         profile page; where the site has none (the check asked an API or the
                         catalogue names only the home page) it is "" and apiUrl is what the check
                         asked (CSV: api_url). Printed: "no profile page; the check asked the
                         site's API".
    --compare FILE       Print what changed since an earlier --json export, by the watchlists' rules:
                         only found / not found count, a new account is checked again with a
                         never-registered name first, a lost one needs two runs in a row. With --json
                         the export keeps that state: hound NAME --compare last.json --json last.json
    --csv FILE           Write every result as CSV (cells are neutralised against formula injection).

NETWORK OPTIONS
    --timeout SECONDS    Time budget per site check, retries, Retry-After waits and every request
                         of an email check (prefetch included) together (default ${timeout}).
    --proxy URL          Send every request through a proxy: http://, https://, socks5:// (local DNS)
                         or socks5h:// (DNS by the proxy, e.g. Tor at socks5h://127.0.0.1:9050).
    --ca FILE            Also trust the CA certificates in this PEM file (added to the system roots).
    --allow-private-addresses
                         Also connect to loopback, private, link-local (cloud metadata), CGNAT and
                         other non-public addresses; refused by default, on every redirect too
                         (unknown, blocked_address). HOUND_ALLOW_PRIVATE_ADDRESSES=true does the same.
                         Through --proxy the proxy resolves host names: only IP literals and
                         localhost are refused there.
    --user-agent TEXT    User-Agent for sites whose catalogue sets none
                         (default "${DEFAULT_USER_AGENT}").

CATALOGUE OPTIONS
    --catalogue FILE|URL Use this catalogue (Sherlock, WhatsMyName, Maigret or Hound format, detected
                         from the content) instead of the defaults. Repeatable.
    --data-dir DIR       Where downloaded catalogues and the self-test results are kept
                         (default ./.data).

ON A HOUND SERVER
    --server URL         Run the searches on this Hound server instead of here, with the API key in
                         HOUND_API_KEY (made in the server's dashboard, scope search:username): its
                         catalogues, health baselines and limits apply. Takes --site, --category,
                         --nsfw, --print-all, --facts and --json (the server's answers); the network
                         and catalogue options are the server's own. Ctrl-C cancels the search there.

OTHER
    --no-color           No colours (also when NO_COLOR is set or the output is not a terminal).
    -h, --help           Show this help.
    -V, --version        Show the version.

EMAIL SEARCH
    hound email ADDRESS...  Where each address has an account, asked the way each site's sign-up,
                            sign-in or public profile pages do (Hound's email-check catalogue). Takes
                            --json, --csv, --print-all and the network options, and:
    --email-catalogue FILE  Use this hound-email catalogue instead of the shipped one. Repeatable;
                            a later file's check replaces one with the same id.
    --loud                  Also run loud checks: those that may notify the address's owner or sign
                            in with a wrong password (off by default; HOUND_EMAIL_LOUD=true in the
                            environment does the same).
    --adult                 Also ask adult sites (left out by default, like --nsfw for usernames).
    hound email --list      Every email check, which are loud and why, and what the catalogue lint
                            says of its rules (a rule must decide on a positive, specific marker).
    HIBP_API_KEY            (environment) Have I Been Pwned key: breaches appear as records.
    --usernames             Then search the address's local part and the usernames the sites
                            returned (e.g. Duolingo's) as usernames: the names are printed, then
                            searched as \`hound NAME...\` would, with --site, --category, --nsfw,
                            --include-unreliable, --facts and --catalogue applying to that search.
    --recursive             Follow the leads from the address: its local part and the usernames the
                            sites returned become username searches, printed under it with why, which
                            follow their own profiles' leads as \`hound NAME --recursive\` does (same
                            limits; the username options above apply to them). --json writes each
                            address's search tree (hound-tree/1, the address at its root). --loud,
                            --adult and HIBP_API_KEY apply to the address given only: an address
                            found on a profile gets the quiet checks.
    --depth N               How many steps --recursive follows: 1 (default) or 2.

SITES COMMANDS
    hound sites update     Download the default catalogues now and show where each came from.
    hound sites list       Every site with its category, catalogues and status: searched by
                           default, NSFW, unreliable (with the reason), excluded, disabled or
                           unsupported. --category filters the list.
    hound sites stats      Per catalogue: usable, disabled, excluded and unsupported entries, with
                           the reasons entries cannot be checked.
    hound sites selftest   Check every site with its known accounts (expected found) and a random
                           name (expected not found); sites that fail are marked unreliable and left
                           out of searches. Timeouts and blocks never mark a site unreliable.
                           It keeps what each site's own profile and not-found answers look like
                           (a baseline): later searches decide only on answers that match it.

RESULTS
    found       the profile exists
    not_found   the site says there is no such user
    unknown     the site could not tell (timeout, blocked, rate_limited, conflict, dns, tls,
                blocked_address: its address is not public, indistinguishable: it answers a
                made-up name the same way, unfamiliar_answer: not the site's own profile or
                not-found page as the self-test last saw it, site_not_answering: a
                known account gets the same answer, ...)
    invalid     the site cannot check this name (unsupported_username, disabled, unsupported_check,
                missing_key)

EXIT STATUS
    0    the search ran to the end (whether or not anything was found)
    1    runtime error: no catalogue available, unreadable file, bad proxy or CA, write failure;
         also when the set-up reached no site (every check failed on the connection, DNS, TLS
         or time, or most failed TLS verification: a proxy's CA missing), said in one line;
         results so far are still written
    2    usage error: unknown option, missing username, a name the username rule refuses
         (letters A–Z, digits and . _ - only, up to 64 characters), bad value; nothing was
         searched
    130  interrupted; results so far were still written

ENVIRONMENT
    NO_COLOR             Disables colours when set to a non-empty value.

EXAMPLES
    hound alice
    hound alice bob --json results.json --csv results.csv
    hound alice --compare last.json --json last.json      (from cron: what changed)
    hound alice --site GitHub --site GitLab --print-all
    hound alice --recursive --depth 2 --json alice-tree.json
    hound alice --proxy socks5h://127.0.0.1:9050 --timeout 30
    hound alice --catalogue ./my-sites.json
    hound email someone@example.com --json someone.json
    hound email someone@example.com --usernames
    hound email someone@example.com --recursive --depth 2 --json someone-tree.json
`;
}
