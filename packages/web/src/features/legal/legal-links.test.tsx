import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import PrivacyPage from './privacy-page.tsx';
import TermsPage from './terms-page.tsx';

describe('legal pages', () => {
  it('link "the Contact page" in Terms and Privacy to /contact (issue 15 defect 5)', async () => {
    for (const [path, Page] of [
      ['/terms', TermsPage],
      ['/privacy', PrivacyPage],
    ] as const) {
      const { unmount } = renderWithApp(
        <Routes>
          <Route path={path} element={<Page />} />
        </Routes>,
        { path },
      );
      const link = await screen.findByRole('link', { name: 'Contact page' });
      expect(link.getAttribute('href')).toBe('/contact');
      expect(document.body.textContent).not.toContain('[Contact page]');
      unmount();
    }
  });
});
