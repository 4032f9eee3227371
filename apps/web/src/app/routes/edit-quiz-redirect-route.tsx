import { Navigate } from 'react-router';
import { WEB_ROUTES } from '@quizcast/contract/routes';

export function Component() {
  return <Navigate to={WEB_ROUTES.adminQuizzes} replace />;
}
