import { ClassicLayout, withStepGuard } from './classic-layout';
import { AccountCreationForm } from './account-creation-form';
import { classicPath } from '../model/steps';
import { useValidWizard } from '../model/use-valid-wizard';

function AccountCreationStep() {
  // Nobody creates an account for values the partner refuses: they are checked once more first.
  const valid = useValidWizard();
  return (
    <ClassicLayout step="account-creation">
      {/* Login from here continues to the result (?application=true). */}
      {valid && <AccountCreationForm back={classicPath('company-details')} login={{ to: '/login?application=true' }} />}
    </ClassicLayout>
  );
}

/** Classic step 4 (guests only: the route is logged-out-only and moves on to the result after login). */
export const AccountCreationPage = withStepGuard('account-creation', AccountCreationStep);
