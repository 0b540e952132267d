import type { ArticleContent } from '../articles.ts';

/** English article texts. `{brand}` is filled with the brand name. */
export const articlesEn: ArticleContent = {
  leaks: {
    title: 'Investigating Leaks: A Practical OSINT Workflow',
    excerpt:
      'Where leaked data surfaces, which signals tell a real leak from a recycled one, how to search without spreading it further, and a step-by-step workflow with an ethics checklist.',
    description:
      'A practical guide to investigating data leaks with open sources: where leaks appear, how to verify them, search patterns, a repeatable workflow and the ethics of handling leaked data.',
    html: `
<p>Sooner or later every investigator meets a leak: a pasted database dump, a screenshot of an internal chat, a "combo list" of email addresses and passwords, or a journalist's tip that "everything is on a forum". Leaks are valuable because they can confirm identities, timelines and relationships that no public profile reveals. They are also dangerous: they are often fake or recycled, they contain the private data of people who did nothing wrong, and handling them carelessly can break the law. This article describes a workflow that keeps you accurate and keeps the harm small.</p>

<h2>Where leaked data surfaces</h2>
<ul>
  <li><strong>Paste sites and file hosts.</strong> Short-lived pastes and file-sharing links are the classic first appearance of a dump. They disappear quickly, so the first copy you see is rarely the original.</li>
  <li><strong>Breach and hacking forums.</strong> Sellers advertise samples to prove that a dataset is real. The advertisement itself (date, claimed size, claimed source, sample columns) is evidence even if you never touch the data.</li>
  <li><strong>Messaging channels.</strong> Public Telegram and Discord channels redistribute dumps, often repackaged and relabelled. Treat them as secondary sources.</li>
  <li><strong>Code repositories.</strong> Committed configuration files, API keys and database exports in public repositories are one of the most common sources of accidental leaks.</li>
  <li><strong>Misconfigured storage.</strong> Open cloud buckets and exposed databases are found by researchers who scan for them; responsible disclosure reports often describe what was exposed without republishing it.</li>
  <li><strong>Breach notification services.</strong> Services such as Have I Been Pwned index which breaches an email address appears in, without exposing the leaked records themselves. For most questions ("was this address in a breach?") this is all you need.</li>
</ul>

<h2>Signals: is this leak real?</h2>
<p>Most "new" leaks are old data with a new label. Before you rely on one, test it:</p>
<ul>
  <li><strong>Internal consistency.</strong> Do user ids, sign-up dates and formats match the service the leak claims to come from? A dump "from" a service that never stored phone numbers but has a phone column is a compilation.</li>
  <li><strong>Overlap with known breaches.</strong> If the sample matches an older, documented breach line for line, the "new" leak is a repost.</li>
  <li><strong>Password hashing.</strong> The hash format (bcrypt, unsalted MD5, plaintext) should match what is publicly known about the service at the time.</li>
  <li><strong>Canary records.</strong> Some services plant fake accounts. If you have a contact at the affected organisation, they can tell you whether known canaries appear.</li>
  <li><strong>Timeline.</strong> The newest record in the data bounds the date of the compromise. Records newer than the claimed breach date mean the story is wrong.</li>
</ul>

<h2>Search patterns that work</h2>
<p>Leaks are usually a pivot, not an answer. The identifiers you find in them lead to the public footprint you can actually cite:</p>
<ul>
  <li><strong>Username pivots.</strong> People reuse handles for years. Run the handle from a leak through a username search such as {brand} to see where the same name is registered, then compare profile photos, bios, creation dates and writing style before concluding it is the same person.</li>
  <li><strong>Email pivots.</strong> An address reveals a provider, often a real name, and, through breach notification services, which other services it was used with.</li>
  <li><strong>Exact-phrase searches.</strong> Search engines support quoted phrases and <code>site:</code> operators. Unique strings from a document (a project name, an internal ticket number) find its other copies and its likely origin.</li>
  <li><strong>Archives.</strong> The Internet Archive's Wayback Machine and cached copies show what a page said before it was edited or removed.</li>
</ul>

<h2>A repeatable workflow</h2>
<ol>
  <li><strong>Define the question.</strong> Write down what you need to know and why. "Is our company's customer data in this dump?" needs a very different (and much smaller) amount of data than "Who is behind this account?".</li>
  <li><strong>Document before you touch.</strong> Record where you found the leak, when, and how it was described, with screenshots and URLs. Compute a hash (SHA-256) of any file you keep so you can prove later that it did not change.</li>
  <li><strong>Minimise.</strong> Work with the smallest sample that answers your question. Do not download full dumps "just in case"; in many jurisdictions possessing personal data creates obligations.</li>
  <li><strong>Verify</strong> using the signals above, and say in your notes how confident you are.</li>
  <li><strong>Pivot to public sources.</strong> Confirm findings with material that is public and citable: profiles, archived pages, official records.</li>
  <li><strong>Corroborate.</strong> One source is a lead, two independent sources are a finding. Username matches in particular need a second signal, because common handles belong to many people.</li>
  <li><strong>Report and dispose.</strong> Share conclusions, not raw data. Delete what you no longer need and note when you did.</li>
</ol>

<h2>An ethics note</h2>
<p>The people in a leak are victims of it. Before every step ask whether it is necessary and proportionate. Never use leaked credentials to log in anywhere: that is unauthorised access almost everywhere, whatever your intentions. Do not republish personal data, and redact what you show to others. Follow the law where you work (data-protection rules such as the GDPR apply to investigators too) and your organisation's policies. If you find an ongoing exposure, tell the affected organisation or a national CERT through a responsible disclosure channel. Good leak investigation leaves the people in the data no worse off than before.</p>
`,
  },
  about: {
    title: 'What is {brand}? Username Search Across Thousands of Sites',
    excerpt:
      '{brand} checks where a username is registered across thousands of sites, live. Here is what it checks, how it decides, and how to read its results.',
    description:
      '{brand} is an open-source username search: it checks thousands of sites from the Sherlock, WhatsMyName and Maigret catalogues live and explains every result.',
    html: `
<p>{brand} is an open-source tool that answers one question quickly: <em>where does this username have a profile?</em> You type a handle, and {brand} checks it against every site in its catalogue at the same time, streaming each answer to your screen as it arrives. There is no account to create and nothing to install.</p>

<h2>Where the sites come from</h2>
<p>{brand} does not invent its own list of websites. It merges three community-maintained catalogues that OSINT practitioners have relied on for years:</p>
<ul>
  <li><strong>Sherlock</strong>, the project that popularised username search, with detection rules for more than 400 platforms (MIT licence).</li>
  <li><strong>WhatsMyName</strong>, a catalogue maintained by OSINT researchers with explicit "account exists" and "account missing" signals for each site (CC BY-SA 4.0).</li>
  <li><strong>Maigret</strong>, a large catalogue derived from Sherlock with thousands of sites and extra checks (MIT licence).</li>
</ul>
<p>When the same site appears in several catalogues, {brand} checks it once and applies each catalogue's rule. If the rules agree, you see which catalogues agreed. If they disagree, the result says so instead of guessing.</p>

<h2>How a check works</h2>
<p>For every site, {brand} requests the profile page (or the site's own lookup endpoint) for your username and compares the answer with the site's rule: an HTTP status code, a text that only appears on existing or missing profiles, or a redirect. All sites are checked in parallel, with limits that keep {brand} polite to each site, so a search takes about as long as the slowest site needs to answer: usually well under a minute.</p>

<h2>Reading the results</h2>
<ul>
  <li><strong>Found</strong>: the site's rule says a profile with this name exists. Open it and check that it is the person you are looking for.</li>
  <li><strong>Not found</strong>: the site's rule says no such profile exists.</li>
  <li><strong>Unknown</strong>: the site could not be judged, because it timed out, showed a bot-protection page, limited the request rate, or returned an error. {brand} never turns these into "not found", because a blocked check tells you nothing about the account.</li>
  <li><strong>Skipped</strong>: the username cannot exist on that site (for example, it contains characters the site does not allow), so no request was sent.</li>
</ul>
<p>Expand any result to see the evidence: the HTTP status, the rule that decided, how long the check took and which catalogues agreed. You can copy profile links and export everything as JSON or CSV.</p>

<h2>What {brand} does not do</h2>
<p>A username match is a lead, not an identification: common handles belong to many different people. {brand} does not log in anywhere, does not bypass protections, and does not collect anything beyond the public answer each site gives to an anonymous visitor. Use it for research, security assessments and checking your own footprint, and always confirm a match with a second, independent signal.</p>
`,
  },
  osint: {
    title: 'What is OSINT? A Beginner’s Guide to Open Source Intelligence',
    excerpt:
      'Open source intelligence is the disciplined use of public information to answer questions. What counts as a source, the intelligence cycle, and the habits that make findings trustworthy.',
    description:
      'An introduction to open source intelligence (OSINT): what it is, who uses it, the intelligence cycle, common sources and techniques, and how to practise it ethically.',
    html: `
<p>Open source intelligence (OSINT) is intelligence produced from information that anyone can lawfully obtain: websites, social media, public records, news, satellite imagery, academic papers, company filings. "Open source" here means publicly available, not open-source software. The skill is not in finding information (there is too much of it) but in turning it into a reliable answer to a specific question.</p>

<h2>Who uses it</h2>
<p>Journalists verify videos and trace disinformation. Security teams map what attackers can learn about their organisation: exposed staff details, leaked credentials, forgotten servers. Fraud and due-diligence analysts check whether a company or person is who they claim to be. Researchers study online communities. And individuals use it to see their own digital footprint the way a stranger would.</p>

<h2>The intelligence cycle</h2>
<ol>
  <li><strong>Planning and direction.</strong> Start with a precise question and the limits of your task. "Find everything about X" is not a question; "Is the account @example the same person who registered example.com?" is.</li>
  <li><strong>Collection.</strong> Gather material from sources that can answer that question, and record where and when each piece came from.</li>
  <li><strong>Processing.</strong> Translate, normalise, de-duplicate, and archive pages that may change.</li>
  <li><strong>Analysis.</strong> Evaluate each source's reliability, look for corroboration, consider alternative explanations, and state how confident you are.</li>
  <li><strong>Dissemination.</strong> Report findings with their sources so that someone else can check your work.</li>
</ol>

<h2>Common sources and techniques</h2>
<ul>
  <li><strong>Search engines</strong> with operators: quoted phrases, <code>site:</code>, <code>filetype:</code>, date ranges.</li>
  <li><strong>Username and email searches</strong>, which show where an identifier is registered. Tools such as {brand} check thousands of sites at once.</li>
  <li><strong>Image analysis</strong>: reverse image search, metadata (EXIF) when it survives, and geolocation from landmarks, shadows and signs.</li>
  <li><strong>Domain and network records</strong>: WHOIS history, DNS, TLS certificates and their transparency logs.</li>
  <li><strong>Archives</strong>: the Wayback Machine and cached pages show what was there before.</li>
  <li><strong>Public records</strong>: company registries, court records and procurement data, depending on the country.</li>
</ul>

<h2>Habits that make findings trustworthy</h2>
<p>Keep a log of every source with a timestamp. Archive pages before you cite them. Separate what you observed from what you concluded. Look for evidence that would prove you wrong, not only evidence that agrees. Treat any single match, especially a username, as a lead until a second independent signal confirms it.</p>

<h2>Ethics and law</h2>
<p>Public does not mean fair game. Collect only what your question needs, do not deceive or harass people, never access accounts or systems you are not authorised to use, and respect data-protection law such as the GDPR. Ask who could be harmed if your findings were wrong or leaked. Good OSINT is accurate, proportionate and accountable.</p>
`,
  },
};
