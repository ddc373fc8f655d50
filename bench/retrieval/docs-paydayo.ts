import { productDocs } from './types';

/** Paydayo: payroll and HR for small companies. */
export const PAYDAYO = productDocs('Paydayo', [
  {
    id: 'paydayo-run-payroll',
    title: 'Run a regular payroll in Paydayo',
    body: `Running payroll in Paydayo takes three steps: review hours and earnings, check the totals, and submit.

## Review

Go to **Payroll > Run payroll**. Paydayo lists everyone on the pay schedule with their salary or hours already filled in. Add overtime, bonuses, commissions or tips for each person, and adjust hours for hourly employees. Time off taken during the period is pulled in from approved requests.

## Check

The summary shows gross pay, taxes withheld, deductions, employer taxes and the total that will be debited from your company bank account. Click a person to see how their net pay was calculated.

## Submit

Click **Submit payroll** before the deadline shown at the top, usually two business days before payday. Employees get their pay on payday and receive an email when their payslip is ready. Paydayo files and pays the payroll taxes for you.`,
  },
  {
    id: 'paydayo-add-employee',
    title: 'Add a new employee',
    body: `Add new hires to Paydayo before their first payday so they are paid on time.

## Enter the basics

Go to **People > Add person** and choose **Employee**. Enter their name, personal email, start date, job title, work location and pay: an annual salary or an hourly rate, and the pay schedule they belong to.

## Self-onboarding

Tick **Invite to complete their profile**. The new hire gets an email to enter their home address, bank account for direct deposit, tax withholding details and emergency contact, and to sign their documents electronically. This keeps sensitive details out of your inbox.

## Before their first payroll

The person's profile shows a checklist. Everything must be complete before they can be included in a payroll. If their onboarding is not finished by the payroll deadline, you can pay them by paper cheque for that one period.`,
  },
  {
    id: 'paydayo-contractors',
    title: 'Pay independent contractors',
    body: `Contractors are not employees: Paydayo does not withhold taxes from their pay, but it does keep the records you need at year-end.

## Add a contractor

Go to **People > Add person** and choose **Contractor**. Enter their name and email, and whether they are an individual or a business. They are invited to enter their bank details and tax information.

## Pay them

Go to **Payroll > Pay contractors**. Enter an amount for each contractor, or hours at their rate, and an optional note that appears on their payment record. Contractor payments can be made on any day and are not tied to a pay schedule. They arrive in two to four business days.

## Year-end

At the end of the year, Paydayo prepares the contractor tax forms for those you paid above the reporting threshold and sends each contractor a copy.`,
  },
  {
    id: 'paydayo-direct-deposit',
    title: 'Set up direct deposit for employees',
    body: `Paydayo pays employees straight into their bank accounts. Each employee enters their own bank details, either during onboarding or later in the employee portal under **Profile > Payment method**.

## Splitting pay

Employees can split their pay between up to three accounts, for example a fixed amount into savings and the rest into their current account.

## Changing bank details

Changes made at least three business days before payday apply to that payroll. Later changes take effect from the next payroll. For security, Paydayo emails the employee whenever their bank details change, and an admin can be notified too under **Settings > Security alerts**.

## Paper cheques

If someone cannot receive direct deposit, choose **Paper cheque** as their payment method. Paydayo calculates the amount and you print the cheque from the payroll summary.`,
  },
  {
    id: 'paydayo-pay-schedule',
    title: 'Create or change a pay schedule',
    body: `A pay schedule defines how often people are paid and on which day. Paydayo supports weekly, every other week, twice a month and monthly schedules. You can have several, for example hourly staff paid every other week and salaried staff paid monthly.

## Create a schedule

Go to **Settings > Pay schedules > Add schedule**. Choose the frequency, the first payday, and the last day of the first pay period. Paydayo shows a preview of the coming paydays; paydays that fall on a bank holiday move to the business day before.

## Move people to another schedule

Open the person's profile and change **Pay schedule** under **Compensation**. The change applies from the next pay period. When moving from a monthly to a weekly schedule, Paydayo calculates a transition payroll so nobody is paid twice or skipped.

A schedule cannot be deleted while anyone is on it.`,
  },
  {
    id: 'paydayo-off-cycle',
    title: 'Run an off-cycle payroll for bonuses or corrections',
    body: `An off-cycle payroll is any payroll outside your regular schedule: a year-end bonus, a commission payout, a correction for someone who was underpaid, or a final paycheck.

Go to **Payroll > Run off-cycle payroll** and choose the reason. Select the people to include and the payday. For bonuses, you can choose **Bonus tax withholding**, which applies the supplemental flat rate, or withhold as if it were regular wages.

## Deductions

By default, benefit deductions and retirement contributions are not taken from off-cycle payrolls, so employees are not charged twice in the same month. Turn them on for individual people if needed.

Off-cycle payrolls have the same deadlines as regular payrolls. With express processing, available on the Plus plan, the money arrives the next business day if you submit before 2 pm.`,
  },
  {
    id: 'paydayo-tax-forms',
    title: 'Year-end tax forms for employees',
    body: `At the end of the calendar year, Paydayo prepares each employee's annual wage and tax statement from the payrolls you ran.

## Timeline

In early January, Paydayo asks you to review the company details and each employee's address under **Taxes > Year-end**. Corrections must be made by the date shown there. The forms are then filed with the tax authorities and made available to employees in the employee portal by the end of January. Former employees receive theirs by email.

## Corrections after filing

If an amount was wrong, correct it through an off-cycle adjustment payroll dated in the year concerned, then open **Taxes > Year-end > Request correction**. Paydayo files a corrected form and notifies the employee.

Payroll run outside Paydayo earlier in the year must be entered as prior payrolls during setup, or the annual totals will be wrong.`,
  },
  {
    id: 'paydayo-tax-withholding',
    title: 'Update your tax withholding',
    body: `How much income tax is withheld from your paycheck depends on the withholding details you gave when you started. Update them if your situation changes, for example after marriage, the birth of a child, or a second job.

## As an employee

Sign in to the employee portal and go to **Profile > Taxes**. Click **Edit withholding**, answer the questions and sign the form electronically. The new withholding applies from the next payroll that has not yet been submitted.

## As an admin

Admins cannot change an employee's withholding choices, because the form must be signed by the employee. You can send a reminder from the person's profile asking them to review it.

## Extra withholding

If you expect to owe tax at the end of the year, enter an additional fixed amount to withhold each pay period.`,
  },
  {
    id: 'paydayo-time-off',
    title: 'Set up time off policies and accruals',
    body: `Paydayo tracks vacation, sick leave and other paid time off, and pays it correctly in payroll.

## Create a policy

Go to **Time off > Policies > New policy**. Choose the type, then how time is earned: a fixed number of days per year granted on January 1 or on the work anniversary, or accrued per hour worked or per pay period. Set a maximum balance and whether unused time carries over to next year.

## Assign people

Add employees to the policy. Their starting balance can be entered by hand, for example when moving from another system.

## Requests

Employees request time off in the employee portal. Their manager approves or declines it. Approved time off is added to the right payroll automatically, and the balance is updated on each payslip.

Policies required by local sick leave laws are suggested based on work location.`,
  },
  {
    id: 'paydayo-overtime',
    title: 'How overtime is calculated',
    body: `For hourly employees, Paydayo calculates overtime from the hours you enter or import from time tracking.

## Rules

By default, hours above 40 in a work week are paid at 1.5 times the regular rate. In locations with daily overtime rules, hours above 8 in a day are also paid at 1.5 times, and above 12 at double time. Paydayo applies the rules of the employee's work location automatically.

## Work week

The work week starts on Monday unless you change it under **Settings > Payroll > Work week**. If a pay period ends mid-week, overtime is calculated over the full week, which can affect the next payroll.

## Salaried employees

Employees marked as exempt do not receive overtime. Non-exempt salaried employees do; set their expected weekly hours on their compensation so Paydayo can work out an hourly equivalent.`,
  },
  {
    id: 'paydayo-benefits',
    title: 'Add benefits and payroll deductions',
    body: `Paydayo takes deductions for benefits and other items out of each paycheck.

## Benefits

Go to **Benefits > Add benefit** and choose the type: health insurance, dental, vision, retirement plan, commuter benefit or another. Enter the company contribution and the employee deduction, as a fixed amount or a percentage of pay, and whether the deduction is taken before or after tax. Then enroll employees.

## Other deductions

For things like a salary advance repayment or a uniform charge, open the person's profile and choose **Deductions > Add deduction**. Set the amount per payroll and an optional total; Paydayo stops the deduction once the total is reached.

## Changes

Changes apply to payrolls not yet submitted. If a deduction was missed, add a one-time catch-up amount in the next payroll.`,
  },
  {
    id: 'paydayo-reimbursements',
    title: 'Reimburse employee expenses through payroll',
    body: `Pay back employees for business expenses, such as travel, meals with clients or equipment they bought for work, together with their regular pay.

## Employees submit expenses

In the employee portal, employees go to **Expenses > New claim**, enter the amount and category, and attach a photo of the receipt. Their manager approves or rejects the claim.

## Paying approved claims

Approved claims are added to the next payroll as a reimbursement. Reimbursements are not taxed and are shown separately on the payslip. You can also pay them in an off-cycle payroll if they cannot wait.

## Recurring reimbursements

For fixed monthly allowances, such as a phone or internet stipend, add a recurring reimbursement to the person's profile. Note that allowances without receipts may be taxable in some countries; Paydayo asks you to choose the tax treatment.`,
  },
  {
    id: 'paydayo-terminate-employee',
    title: 'Offboard an employee and pay their final paycheck',
    body: `When someone leaves your company, record their departure in Paydayo so they are paid correctly and removed from future payrolls.

## Record the departure

Open the person's profile and click **Offboard**. Enter the last working day and the reason, resignation or dismissal. Paydayo shows the deadline for the final paycheck in their work location; in some places it is the last day itself.

## Final pay

Choose whether to pay the final amount in the next regular payroll or in an off-cycle payroll. Paydayo includes unused vacation if the policy or local law requires it to be paid out, and stops benefit deductions after the end date.

## Afterwards

The former employee keeps access to the employee portal for their payslips and tax forms, using their personal email. Their account in Paydayo is kept for your records and can be reactivated if they are rehired.`,
  },
  {
    id: 'paydayo-payslips',
    title: 'Where employees find their payslips',
    body: `Every employee has access to the Paydayo employee portal, where they can see and download their payslips.

On payday, employees get an email saying their payslip is ready. They sign in at the portal, or in the Paydayo mobile app, and open **Pay > Payslips**. Each payslip shows gross pay, every tax and deduction, reimbursements, net pay, and year-to-date totals. Payslips can be downloaded as PDF.

## Proof of income

For a loan or rental application, employees can download an **Employment verification letter** from the same page, showing their job title, start date and current salary.

## Admins

Admins can see any employee's payslips from **People > Name > Payslips**, and can resend the payslip email. Payslips cannot be edited after a payroll is submitted; corrections are made with an adjustment payroll.`,
  },
  {
    id: 'paydayo-cancel-payroll',
    title: 'Cancel or correct a payroll you already submitted',
    body: `Mistakes happen. What you can do depends on timing.

## Before the deadline

Until the payroll deadline, you can cancel a submitted payroll. Go to **Payroll > History**, open the payroll and click **Cancel payroll**. Nothing is debited, and you can run it again with corrected amounts.

## After the deadline

Once the deadline has passed, the money is already on its way and the payroll cannot be cancelled. Correct it afterwards:

- If someone was **underpaid**, run an off-cycle payroll for the difference.
- If someone was **overpaid**, you can deduct the extra from their next paycheck, with their written agreement where the law requires it, or ask them to pay it back.

## Reversing a deposit

In rare cases, such as a payment to the wrong person, contact support immediately. A reversal can be attempted within five business days but succeeds only if the money is still in the account.`,
  },
  {
    id: 'paydayo-deadlines',
    title: 'Payroll deadlines and when employees get paid',
    body: `For employees to be paid on payday, Paydayo must receive the payroll in time for the bank transfers.

## Standard processing

Submit by 5 pm in your company's time zone, two business days before payday. For example, for a Friday payday, submit by Wednesday at 5 pm. Paydayo shows the exact deadline on the **Run payroll** screen and sends a reminder the day before.

## Next-day processing

On the Plus plan, the deadline moves to one business day before payday.

## Missed the deadline

If you submit late, Paydayo moves the payday to the earliest possible date and tells you before you confirm. Your employees see the new date in their payday email.

Bank holidays do not count as business days. Your company bank account is debited on the deadline day, so make sure the funds are available then.`,
  },
  {
    id: 'paydayo-bank-verification',
    title: 'Connect and verify your company bank account',
    body: `Paydayo needs a verified company bank account to pay employees and taxes.

## Connect instantly

Go to **Settings > Company bank account** and click **Connect**. Sign in to your bank through the secure connection; the account is verified at once.

## Verify with test deposits

If your bank is not listed, enter the account and routing numbers. Paydayo sends two small test deposits within two business days. Enter the exact amounts to complete verification.

## Changing banks

Add the new account and verify it before your next payroll deadline. Payrolls already submitted still debit the old account, so keep enough money there until they are complete.

## Debit limits

Your first payrolls may be limited to a maximum amount while we confirm your company's details. Contact support if your payroll is larger than the limit shown.`,
  },
  {
    id: 'paydayo-international',
    title: 'Pay employees and contractors in other countries',
    body: `Paydayo can pay team members who live outside your company's home country.

## International contractors

Add a contractor and choose their country. Paydayo pays them in their local currency at the exchange rate shown when you submit the payment, with a fee displayed upfront. Contractors in over 100 countries are supported. You are invoiced in your home currency.

## International employees

Hiring employees abroad requires a local employer. Paydayo partners with employer-of-record providers: in **People > Hire internationally**, choose the country and Paydayo shows the estimated total cost, including local taxes and mandatory benefits. The partner becomes the legal employer and Paydayo shows their payroll next to yours.

## Exchange rates

Rates are locked for 24 hours after you submit. Salaries can be set in the local currency or in your home currency.`,
  },
  {
    id: 'paydayo-reset-password',
    title: 'Reset your Paydayo password',
    body: `Admins and employees reset their Paydayo password the same way.

1. On the sign-in page, click **Forgot your password?**
2. Enter your email address. Employees should use the email their employer invited them with, which is often their personal email.
3. Follow the link in the email within 30 minutes and choose a new password.

For your security, the link works once. Resetting your password signs you out everywhere else.

## Still cannot sign in

If you changed jobs and no longer have access to the email you used, ask your former employer's Paydayo admin to update your email address. Admins can do this from **People > Name > Personal details**. Paydayo support cannot change an employee's email without the employer's confirmation, because payslips contain sensitive information.`,
  },
  {
    id: 'paydayo-two-factor',
    title: 'Two-factor authentication in Paydayo',
    body: `Payroll involves bank accounts and tax numbers, so Paydayo requires two-factor authentication for admins. Employees can turn it on too.

## How it works

After entering your password, you confirm your sign-in with a code. Choose how to receive it under **Profile > Security**: a text message, an authenticator app, or a security key. Authenticator apps and security keys are safer than text messages.

## Remember this device

Tick **Remember this device** to skip the code on the same browser for 30 days.

## New phone

If you switch phones, set up the authenticator on the new phone before resetting the old one. If you already lost access, use a recovery code. Without recovery codes, another admin in your company can reset your two-factor setup; if you are the only admin, support will verify your identity by video call.`,
  },
  {
    id: 'paydayo-reports',
    title: 'Payroll reports and exports',
    body: `The **Reports** section gives you payroll figures for your accountant, budgeting and audits.

## Standard reports

- **Payroll journal**: every payroll with gross pay, taxes, deductions and net pay per person.
- **Employer costs**: salaries plus employer taxes and benefit contributions, by department.
- **Tax liability**: taxes withheld and owed, by tax and period.
- **Time off balances**: current balances and usage per policy.

## Custom reports

Click **New report**, choose the columns and filters, and save it for later. Reports can be scheduled to be emailed on the first of each month.

## Export

Every report can be downloaded as CSV or Excel. To export all data, including employee records and documents, an admin can request a full export under **Settings > Data export**; it is ready within 24 hours.`,
  },
  {
    id: 'paydayo-accounting-integration',
    title: 'Sync payroll with your accounting software',
    body: `Connect Paydayo to your accounting software to record payroll costs automatically, without manual journal entries.

## Connect

Go to **Settings > Integrations > Accounting** and choose your accounting software. Sign in to authorise the connection.

## Map accounts

Match each payroll item to an account in your chart of accounts: wages, employer taxes, benefits, reimbursements, and the liability and bank accounts. You can map by department or class to track labour costs per team.

## What gets synced

After each payroll is processed, Paydayo posts a journal entry with the totals. Individual salaries are not sent, only totals by account, to keep pay private from anyone with access to your books.

If the sync fails, for example because an account was deleted, Paydayo emails the admin and shows the error under **Integrations**. Fix the mapping and click **Retry**.`,
  },
  {
    id: 'paydayo-admin-roles',
    title: 'Give colleagues admin access',
    body: `Share payroll work with colleagues without giving everyone access to everything.

Go to **Settings > Admins** and click **Add admin**. Choose a person from your company or enter an email for an outside accountant. Then choose the permissions:

- **Full admin**: everything, including bank account and other admins.
- **Payroll admin**: run payrolls and see everyone's pay, but not change the bank account.
- **People manager**: add and edit employees and approve time off, without seeing salaries.
- **Accountant**: read-only access to reports and tax filings.

Managers who only need to approve time off and expenses for their team do not need an admin role; set them as **Manager** on each team member's profile.

Every change made by an admin is recorded in **Settings > Audit log**.`,
  },
  {
    id: 'paydayo-garnishments',
    title: 'Handle a wage garnishment order',
    body: `If you receive a court or government order to withhold part of an employee's wages, for example for child support or unpaid taxes, set it up in Paydayo so the right amount is withheld and paid to the agency.

## Add the order

Open the employee's profile and go to **Deductions > Add garnishment**. Choose the type, enter the amount or percentage from the order, the case number and the agency's payment details. Upload a copy of the order for your records.

## Limits

The law caps how much can be withheld. Paydayo calculates the maximum from the employee's disposable earnings and withholds the lower of the ordered amount and the cap. When several orders apply, Paydayo follows the legal order of priority.

## Payment

On the Plus plan, Paydayo pays the agency for you after each payroll. Otherwise, the report **Garnishments** shows the amounts you must send yourself.`,
  },
  {
    id: 'paydayo-pricing',
    title: 'Paydayo pricing and your subscription',
    body: `Paydayo charges a monthly base fee plus a fee for each person you pay that month. People you did not pay in a month, such as a seasonal employee, are not counted.

## Plans

**Simple** includes regular payroll, tax filing and direct deposit. **Plus** adds next-day processing, time off tracking, garnishment payments and multiple pay schedules. **Premium** adds a dedicated payroll specialist and HR advice.

## Billing

Your subscription is billed at the start of each month for the previous month's usage, to the payment method under **Settings > Billing**. Change plans at any time; the new price applies from the next month.

## Cancel

To stop using Paydayo, go to **Settings > Billing > Cancel**. If you paid anyone this year, we still file the year-end forms for the months you used Paydayo.`,
  },
]);
