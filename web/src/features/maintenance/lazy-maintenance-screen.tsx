import { lazy, Suspense } from 'react';
import type { MaintenanceScreenProps } from './maintenance-screen.js';

// shown only while a company is fenced: kept out of the first load of every page
const Screen = lazy(() =>
  import('./maintenance-screen.js').then((module) => ({ default: module.MaintenanceScreen })),
);

/** The maintenance screen, loaded when it is first needed. */
export const LazyMaintenanceScreen = (props: MaintenanceScreenProps) => (
  <Suspense fallback={null}>
    <Screen {...props} />
  </Suspense>
);

/** The checks the screen makes, loaded with it (their code is for a fenced company only). */
export const checkCompany = () =>
  import('./maintenance-probe.js').then((probe) => probe.probeCompany());
export const checkByRefresh = () =>
  import('./maintenance-probe.js').then((probe) => probe.refreshProbe());
