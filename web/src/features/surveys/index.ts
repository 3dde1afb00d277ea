import { lazy } from 'react';

// The surveys feature's public face: its screens, each its own chunk (docs/pages.md#surveys).
/** /surveys: the workspace's surveys. */
export const SurveysPage = lazy(() => import('./SurveysPage.tsx'));
/** /surveys/new and /surveys/:surveyId/edit: the builder with its preview. */
export const SurveyBuilderPage = lazy(() => import('./SurveyBuilderPage.tsx'));
/** /surveys/:surveyId/results: charts, typed answers and the CSV. */
export const SurveyResultsPage = lazy(() => import('./SurveyResultsPage.tsx'));
