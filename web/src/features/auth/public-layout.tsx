import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LuChartLine, LuMessageSquareText, LuMessagesSquare, LuUsers } from 'react-icons/lu';
import { PublicPreferences } from './public-preferences.js';
import './public.css';

const BrandMark = () => (
  <div className="sb-brand">
    <span className="sb-brand-tile" aria-hidden>
      <LuMessageSquareText />
    </span>
    <span>Switchboard</span>
  </div>
);

const Highlight = ({ icon, text }: { icon: ReactNode; text: string }) => (
  <li>
    <span className="sb-hero-icon" aria-hidden>
      {icon}
    </span>
    <span>{text}</span>
  </li>
);

/**
 * Layout of the public pages: a brand panel on wide screens, the form card on the right. Plain markup
 * and public.css, no Chakra: the login page renders before the app's style engine is loaded.
 */
export const PublicLayout = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation('auth');
  return (
    <div className="sb-public">
      <aside className="sb-hero">
        <BrandMark />
        <div className="sb-hero-body">
          <h2>{t('heroTitle')}</h2>
          <p className="sb-hero-text">{t('heroText')}</p>
          <ul className="sb-hero-list">
            <Highlight icon={<LuMessagesSquare />} text={t('heroChannels')} />
            <Highlight icon={<LuUsers />} text={t('heroTeams')} />
            <Highlight icon={<LuChartLine />} text={t('heroInsights')} />
          </ul>
        </div>
        <p className="sb-hero-foot">© {new Date().getFullYear()} Switchboard</p>
        <div className="sb-hero-circle" />
      </aside>
      <div className="sb-side">
        <div className="sb-topbar">
          <BrandMark />
          <PublicPreferences />
        </div>
        <main className="sb-main">
          <div className="sb-main-inner">{children}</div>
        </main>
      </div>
    </div>
  );
};
