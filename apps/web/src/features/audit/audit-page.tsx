import { useParams } from 'react-router';
import { AuditListPage } from './audit-list-page';
import { AuditSessionPage } from './audit-session-page';

/**
 * /audit and /audit/{sessionId} (spec part 2 §2): one route entry and one lazy chunk for both
 * (`/audit/:sessionId?`), so the first screen carries one route of the area, not two (its
 * 150 kB budget).
 */
export default function AuditPage() {
  const { sessionId } = useParams();
  return sessionId === undefined ? <AuditListPage /> : <AuditSessionPage />;
}
