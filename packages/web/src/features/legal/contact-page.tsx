import { SHERLOCK_REPOSITORY, useSiteConfig } from '../../api/site-config.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { LegalPage } from './legal-page.tsx';

export default function ContactPage() {
  const { m } = useI18n();
  const { contactEmail, communityUrl } = useSiteConfig();
  const c = m.legal.contact;
  return (
    <LegalPage title={c.title} description={c.description}>
      <p>{c.intro}</p>
      <h2>{c.supportTitle}</h2>
      {contactEmail ? (
        <p>
          {c.supportEmail} <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
        </p>
      ) : (
        <p>{c.supportNoEmail}</p>
      )}
      <p>{c.supportTips}</p>
      {communityUrl && (
        <>
          <h2>{c.communityTitle}</h2>
          <p>
            {c.communityText}{' '}
            <a href={communityUrl} target="_blank" rel="noopener noreferrer">
              {communityUrl.replace(/^https?:\/\//, '')}
            </a>
          </p>
        </>
      )}
      <h2>{c.dataTitle}</h2>
      <p>
        {c.dataText}{' '}
        <a href={SHERLOCK_REPOSITORY} target="_blank" rel="noopener noreferrer">
          {SHERLOCK_REPOSITORY.replace(/^https:\/\//, '')}
        </a>
      </p>
      <h2>{c.abuseTitle}</h2>
      <p>{c.abuseText}</p>
    </LegalPage>
  );
}
