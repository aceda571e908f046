import { PageTitle } from '../../components/page-title.js';
import { CompaniesTab } from './companies-tab.js';

/** /companies (super only). */
export const CompaniesPage = () => (
  <PageTitle titleKey="companies">
    <CompaniesTab />
  </PageTitle>
);
