/**
 * Pending invitations are rare, and their cards draw with the kit's later part
 * (`@negayno/shared/fluent-panels`): the list's code and that part are fetched only when the viewer
 * has invitations, so a board's first paint does not wait for them otherwise (issue 17).
 */
import { Skeleton, SkeletonItem } from '@negayno/shared/fluent';
import { useTranslation } from '@negayno/shared/i18n';
import { useWorkStores } from '@negayno/shared/work-stores';
import { observer } from 'mobx-react-lite';
import { Suspense, lazy } from 'react';

const InvitationsList = lazy(() => import(/* webpackChunkName: "invitations" */ './InvitationsList').then((module) => ({ default: module.InvitationsList })));

export const PendingInvitations = observer(function PendingInvitations() {
  const { projects } = useWorkStores();
  const { t } = useTranslation('common');
  if (projects.invitations.length === 0) return null;
  const loading = (
    <Skeleton aria-label={t('loading')}>
      <SkeletonItem style={{ height: 96 }} />
    </Skeleton>
  );
  return (
    <Suspense fallback={loading}>
      <InvitationsList />
    </Suspense>
  );
});
