import { productDocs } from './types';

/** Ledgerly: an invoicing app for freelancers and small businesses. */
export const LEDGERLY = productDocs('Ledgerly', [
  {
    id: 'ledgerly-create-first-invoice',
    title: 'Create and send your first invoice in Ledgerly',
    body: `Ledgerly walks you through your first invoice in a few minutes. You need a client and at least one line item; everything else can be filled in later.

## Add the client

Open **Invoices** and click **New invoice**. In the *Bill to* field, start typing the client's name. If the client is new, choose **Create client** and enter their company name and billing email. Ledgerly remembers the client for the next invoice.

## Add line items

Each line has a description, a quantity and a unit price. Ledgerly adds up the lines, applies any tax rate you picked and shows the total at the bottom. Use the notes field for payment instructions or a thank-you message.

## Send it

Click **Send**. Ledgerly emails your client a link to view the invoice online and download a PDF copy. The invoice status changes from *Draft* to *Sent*, and you will see *Viewed* once your client opens it. If you would rather send the PDF yourself, choose **Mark as sent** instead and download the file.`,
  },
  {
    id: 'ledgerly-change-invoice-currency',
    title: 'Change the invoice currency',
    body: `Every Ledgerly account has a home currency, chosen when you signed up. You can still bill a client in another currency, for example euros for a client in Germany while your books stay in US dollars.

## Set a currency for one client

Open the client, click **Edit**, and pick a currency from the **Currency** list. New invoices and estimates for that client use it automatically, with the right symbol and decimal format on the PDF.

## Change it on a single invoice

While an invoice is still a draft, open the **Settings** panel on the right and choose a different currency. Line item prices are not converted: Ledgerly assumes the amounts you typed are already in the new currency.

## Reports

Reports are shown in your home currency. Ledgerly converts foreign-currency invoices with the daily exchange rate of the invoice date. You can override the rate on an individual invoice if your bank used a different one.

Sent invoices keep their currency. To correct a currency after sending, void the invoice and create a new one.`,
  },
  {
    id: 'ledgerly-recurring-invoices',
    title: 'Set up recurring invoices',
    body: `If you bill a client the same amount on a regular cycle, such as a monthly retainer or a yearly maintenance fee, let Ledgerly create and send those invoices for you.

## Create a recurring profile

Go to **Invoices > Recurring** and click **New profile**. Fill in the client and line items as you would for a normal invoice, then choose how often it repeats (weekly, every two weeks, monthly, quarterly or yearly), the first issue date and, optionally, an end date or a number of occurrences.

## Automatic sending

With **Send automatically** on, each invoice is emailed on its issue date at 9:00 in your account's time zone. With it off, Ledgerly creates a draft and notifies you so you can review it before sending.

## Changing a profile

Edits to a profile apply to invoices created afterwards; invoices already issued are not changed. To pause a profile, open it and click **Pause**. You can resume it later and Ledgerly will continue from the next scheduled date without catching up on the skipped ones.`,
  },
  {
    id: 'ledgerly-payment-reminders',
    title: 'Send automatic reminders for overdue invoices',
    body: `Chasing late payers is tedious. Ledgerly can email your clients polite reminders before and after an invoice's due date.

## Turn on reminders

Open **Settings > Reminders** and switch on the schedule you want. The defaults are three days before the due date, on the due date, and seven and fourteen days after it. You can add up to six reminders and edit the wording of each email. Placeholders such as {client_name}, {invoice_number} and {amount_due} are replaced when the email is sent.

## Per-invoice control

Reminders apply to every invoice with a due date. To skip them for one client, open the client and turn off **Send reminders**. To stop them on one invoice, open it and choose **More > Stop reminders**.

Reminders stop automatically when an invoice is paid in full or voided. A reminder is never sent for an invoice that is still a draft.`,
  },
  {
    id: 'ledgerly-online-payments',
    title: 'Accept card and bank payments online',
    body: `Clients pay faster when they can pay straight from the invoice. Ledgerly supports card payments and bank debits through Stripe, and PayPal.

## Connect a payment provider

Go to **Settings > Payments** and click **Connect** next to Stripe or PayPal. You will be taken to the provider to sign in or create an account, then returned to Ledgerly. Once connected, every new invoice shows a **Pay now** button in the email and on the online invoice.

## Fees

The provider charges its own processing fee; Ledgerly does not add anything on top. If you want the client to cover the fee, add a surcharge under **Settings > Payments > Surcharge** where local law allows it.

## When the money arrives

A payment made online is recorded on the invoice automatically and the invoice is marked *Paid*. The payout to your bank account follows the provider's schedule, usually two to seven business days.`,
  },
  {
    id: 'ledgerly-record-manual-payment',
    title: 'Record a payment received by bank transfer, cheque or cash',
    body: `When a client pays outside Ledgerly, for example by bank transfer, cheque or cash, record the payment yourself so the invoice status and your reports stay correct.

Open the invoice and click **Record payment**. Enter the amount, the date you received it and the method. Add a reference such as the cheque number if you like. If the amount equals the balance due, the invoice becomes *Paid*; if it is smaller, the invoice stays open with the remaining balance shown.

You can also tick **Send a receipt** to email the client a payment confirmation.

Recorded a payment by mistake? Open the invoice, find the payment under **Payments**, and click **Delete**. The balance due is restored. Payments made online through Stripe or PayPal cannot be deleted this way; refund them instead.`,
  },
  {
    id: 'ledgerly-partial-payments',
    title: 'Request a deposit or accept partial payments',
    body: `For large projects you may want part of the money up front. Ledgerly lets you ask for a deposit and lets clients pay an invoice in instalments.

## Ask for a deposit

On a draft invoice, open **Settings** and turn on **Request deposit**. Enter a percentage or a fixed amount. The client sees the deposit as the amount due now; the rest stays due by the invoice's due date.

## Partial payments

Under **Settings > Payments**, switch on **Allow partial payments**. Clients can then type a smaller amount when paying online. Each payment is listed on the invoice and the status shows *Partially paid* until the balance is zero.

Reminders keep going for the remaining balance, and the aging report counts only the unpaid part.`,
  },
  {
    id: 'ledgerly-credit-notes',
    title: 'Issue a credit note or refund a client',
    body: `If you overcharged a client, or they returned something, don't edit the sent invoice. Issue a credit note so your records show what happened.

## Create a credit note

Open the original invoice and choose **More > Create credit note**. Ledgerly copies the lines; remove the ones you are not crediting or lower the amounts. The credit note gets its own number, by default with the prefix CN.

## Use the credit

A credit note can be applied to the same invoice, reducing its balance, or kept as client credit and applied to a future invoice. If the client had already paid, you can refund them instead: for Stripe payments click **Refund** and the money goes back to the card; for other methods record the refund manually with the date and method.

Credit notes appear in reports as negative income in the period they were issued.`,
  },
  {
    id: 'ledgerly-tax-rates',
    title: 'Add tax rates such as VAT, GST or sales tax',
    body: `Ledgerly calculates tax on each line item from the tax rates you set up.

## Create a tax rate

Go to **Settings > Taxes** and click **Add tax**. Give it a name that will be printed on invoices, such as VAT or GST, and a percentage. Tick **Compound** if the tax is calculated on top of another tax, as with some provincial taxes in Canada.

## Apply taxes

On an invoice, choose a tax for each line. Lines can carry up to two taxes. Mark a rate as **Default** to have it preselected on new lines.

## Tax numbers

If you are registered for VAT or GST, enter your registration number under **Settings > Business details**; it is printed on every invoice. You can also store each client's tax number on the client record, which is required for reverse-charge invoices within the EU.

Changing a rate does not alter invoices you have already sent.`,
  },
  {
    id: 'ledgerly-invoice-template',
    title: 'Customize the look of your invoices',
    body: `Make your invoices look like they come from your business. Go to **Settings > Branding**.

## Logo and colours

Upload a logo in PNG or JPG, up to 2 MB. It appears at the top of the invoice PDF, on the online invoice and in emails. Pick an accent colour for headings and the **Pay now** button.

## Layouts

Choose between the Classic, Modern and Compact layouts. The preview on the right updates as you change settings. Compact fits long invoices with many lines on fewer pages.

## Custom fields and footer

Add up to four custom fields, such as a purchase order number or project code, which you can fill in on each invoice. The footer is a good place for bank details, your registered office and payment terms.

Branding applies to every invoice, estimate and credit note, including ones already sent when the client opens them online again.`,
  },
  {
    id: 'ledgerly-invoice-numbering',
    title: 'Change how invoices are numbered',
    body: `Ledgerly numbers invoices in sequence, starting at INV-0001. Many businesses need a different format, for example to continue from the numbers of their previous software or to restart the sequence each year.

Go to **Settings > Numbering**. You can set a prefix (such as INV- or 2024-), the next number, and the number of digits. Turn on **Reset every year** to start again at 1 on January 1; the year is then added to the prefix automatically.

Estimates and credit notes have their own sequences with the prefixes EST and CN.

You can also type a number by hand on a draft invoice. Ledgerly warns you if the number is already used, because most tax authorities require invoice numbers to be unique and without gaps.`,
  },
  {
    id: 'ledgerly-estimates',
    title: 'Send an estimate and turn it into an invoice',
    body: `An estimate (also called a quote) tells a client what the work will cost before you start.

## Create an estimate

Go to **Estimates** and click **New estimate**. It works like an invoice: choose the client, add line items, taxes and notes. Set an expiry date if the price is only valid for a limited time.

## Client approval

When you send the estimate, your client can accept or decline it online, and leave a comment. You will get an email either way, and the status changes to *Accepted* or *Declined*. Accepted estimates show the client's name and the time they accepted.

## Convert to an invoice

Open an accepted estimate and click **Convert to invoice**. Ledgerly creates a draft invoice with the same lines. You can convert the whole estimate at once or bill it in stages, for example 50% at the start and 50% on completion.`,
  },
  {
    id: 'ledgerly-client-portal',
    title: 'The client portal',
    body: `The client portal gives each of your clients one place to see everything you have sent them in Ledgerly.

From the portal, a client can view and download all invoices, estimates and credit notes, see what is still due, pay open invoices online, and update their billing address and contact email.

## Turn on the portal

Go to **Settings > Client portal** and switch it on. Invoice emails then include a link to the portal as well as the single invoice. Clients sign in with a one-time link sent to their email; they do not need a password.

## What clients cannot see

Drafts, internal notes and your expenses are never shown in the portal. If you do not want a particular client to use the portal, open the client and turn off **Portal access**.`,
  },
  {
    id: 'ledgerly-expenses',
    title: 'Track business expenses and attach receipts',
    body: `Recording expenses in Ledgerly gives you a true picture of your profit, and lets you bill expenses back to clients.

## Add an expense

Go to **Expenses > New expense**. Enter the vendor, amount, date and category, such as travel or software. Attach a photo or PDF of the receipt. With the mobile app you can snap a picture of a paper receipt and Ledgerly reads the vendor, date and total for you.

## Bill an expense to a client

Tick **Billable** and choose the client. The next time you create an invoice for that client, Ledgerly suggests adding the unbilled expenses as line items, with an optional markup percentage.

## Categories

Edit categories under **Settings > Expense categories**. Keep them aligned with your accountant's chart of accounts to make year-end easier.`,
  },
  {
    id: 'ledgerly-reset-password',
    title: 'Reset your Ledgerly password',
    body: `If you have forgotten your password, you can set a new one from the sign-in page.

1. Go to the Ledgerly sign-in page and click **Forgot password?**
2. Enter the email address you use for Ledgerly and click **Send reset link**.
3. Open the email from Ledgerly and click the link within 60 minutes.
4. Choose a new password of at least 10 characters.

You are then signed in, and every other session on other devices is signed out.

## The email does not arrive

Check your spam or junk folder, and make sure you entered the address you signed up with. If your company uses single sign-on, you cannot reset the password in Ledgerly; ask your IT administrator instead. Still stuck? Contact support from the sign-in page and we will verify your identity before helping.`,
  },
  {
    id: 'ledgerly-two-factor',
    title: 'Turn on two-step verification for your Ledgerly account',
    body: `Two-step verification protects your invoices and client data even if someone learns your password. When it is on, signing in also asks for a six-digit code from an authenticator app.

## Set it up

Go to **Profile > Security** and click **Enable two-step verification**. Scan the QR code with an authenticator app such as Google Authenticator or 1Password, then enter the code it shows. Ledgerly gives you ten backup codes; store them somewhere safe.

## Lost your phone?

Sign in with one of your backup codes, then turn two-step verification off and on again to connect your new phone. If you have no backup codes left, contact support. For your protection, recovering an account without codes takes up to three business days.

Account owners can require two-step verification for everyone on the team under **Settings > Team**.`,
  },
  {
    id: 'ledgerly-export-data',
    title: 'Export invoices, clients and payments',
    body: `You own your data. Ledgerly can export it at any time, whether for your accountant, a backup or a move to other software.

## CSV exports

Go to **Settings > Export**. Choose what to export: invoices, invoice line items, clients, payments, expenses or credit notes, and an optional date range. Ledgerly prepares a CSV file and emails you a download link, valid for seven days.

## PDF archive

Choose **All invoices as PDF** to get a ZIP file with one PDF per invoice, named by invoice number. Large archives can take a few minutes to prepare.

## Accounting software

If your accountant uses accounting software, the integrations under **Settings > Integrations** keep invoices and payments in sync continuously, which is usually easier than regular exports.`,
  },
  {
    id: 'ledgerly-import-clients',
    title: 'Import clients from a spreadsheet',
    body: `Moving to Ledgerly from another tool or from a spreadsheet? Import your client list in one go instead of typing it in.

Go to **Clients > Import** and upload a CSV file. The first row must contain column names. Ledgerly suggests which column matches which field, such as name, email, address, currency or tax number; check the mapping and correct it where needed.

Before anything is created, you see a preview with the number of clients to be imported and any rows with problems, such as a missing name or an invalid email address. Rows with problems are skipped; you can download them as a separate file, fix them, and import again.

Clients whose email already exists in Ledgerly are updated rather than duplicated. Past invoices cannot be imported this way; attach them as PDFs to the client record if you need them for reference.`,
  },
  {
    id: 'ledgerly-invite-team',
    title: 'Invite your accountant or team members',
    body: `Share your Ledgerly account with colleagues or your accountant without sharing your password.

Go to **Settings > Team** and click **Invite**. Enter their email address and choose a role:

- **Admin**: everything, including billing and team settings.
- **Staff**: create and send invoices and estimates, record payments and expenses; no access to settings.
- **Accountant**: read-only access to all invoices, payments, expenses and reports, plus exports.

The invitation is valid for seven days. The person creates a Ledgerly login or signs in with an existing one. Accountants are free and do not count towards the users in your plan.

To remove someone, open **Settings > Team**, click the person and choose **Remove**. Their work stays in the account.

## Seeing who did what

Every invoice, payment and setting change is signed with the name of the person who made it. Open **Settings > Activity** to review the history, for example before your accountant closes the year.`,
  },
  {
    id: 'ledgerly-plans',
    title: 'Ledgerly plans: upgrade or downgrade',
    body: `Ledgerly has three plans. **Starter** is free for up to five clients. **Pro** adds unlimited clients, recurring invoices, reminders and online payments. **Business** adds team members, the client portal and advanced reports.

## Change your plan

Go to **Settings > Billing** and click **Change plan**. An upgrade takes effect immediately and you pay the prorated difference for the rest of the billing period. A downgrade takes effect at the end of the current period.

If you downgrade to a plan with a lower client limit, your existing clients and invoices are kept, but you cannot create invoices for clients over the limit until you upgrade again or archive some.

## Invoices from Ledgerly

Your own receipts for the subscription are under **Settings > Billing > History**. You can add a company name and VAT number to them there.`,
  },
  {
    id: 'ledgerly-cancel-account',
    title: 'Cancel your subscription or close your Ledgerly account',
    body: `You can stop paying for Ledgerly at any time. There are two options.

## Cancel the subscription

Go to **Settings > Billing** and click **Cancel subscription**. You keep access to paid features until the end of the period you have paid for, then the account moves to the free Starter plan. All your data stays available.

## Close the account

To remove everything, go to **Settings > Account** and click **Close account**. Only the account owner can do this. We recommend exporting your invoices and clients first, because tax rules in most countries require you to keep invoices for several years.

After you confirm, the account is locked immediately and all data is permanently deleted after 30 days. Within those 30 days, contact support to restore it.`,
  },
  {
    id: 'ledgerly-reports',
    title: 'Profit and loss, revenue and aging reports',
    body: `The **Reports** tab shows how your business is doing.

## Profit and loss

Income from paid invoices minus expenses, by month or quarter. Switch between cash basis (when money actually moved) and accrual basis (when you invoiced or incurred the cost).

## Revenue by client

Which clients bring in the most, over any date range. Useful when deciding whom to prioritize.

## Accounts receivable aging

All unpaid invoices grouped by how late they are: current, 1-30 days, 31-60 days, 61-90 days and over 90 days overdue. Click a group to see the invoices and send reminders in bulk.

## Tax summary

Tax collected on invoices and paid on expenses, per tax rate, for filing your VAT or sales tax return.

Every report can be downloaded as PDF or CSV.`,
  },
  {
    id: 'ledgerly-late-fees',
    title: 'Charge late fees on overdue invoices',
    body: `Ledgerly can add a late fee automatically when an invoice passes its due date without being paid.

Go to **Settings > Late fees** and switch them on. Choose between a fixed amount or a percentage of the balance, and whether the fee is applied once or repeats every 30 days while the invoice is unpaid. Set a grace period if you want to give clients a few extra days.

The fee is added to the invoice as a separate line, and the client is told about it in the next reminder email. You can remove a late fee from an individual invoice by opening it and deleting the fee line.

Check the rules that apply to you before turning this on: some countries cap late payment interest, and many require the fee to be mentioned in your payment terms in advance.`,
  },
  {
    id: 'ledgerly-email-delivery',
    title: 'My client did not receive the invoice email',
    body: `If a client says they never got your invoice, check the delivery status first. Open the invoice and look at the **Activity** list. It shows when the email was sent, delivered, opened, or whether it bounced.

## Bounced

A bounce means the client's mail server rejected the message, usually because the address is wrong or the mailbox is full. Correct the email address on the client record and send the invoice again.

## Delivered but not seen

The email probably landed in the client's spam or junk folder. Ask them to add invoices@ledgerly.example to their contacts. You can also set up a custom sending domain under **Settings > Email** so invoices come from your own address, which improves delivery.

## Send another way

Click **More > Copy link** to share the online invoice in any channel, or download the PDF and send it yourself.`,
  },
  {
    id: 'ledgerly-mobile-app',
    title: 'Use Ledgerly on your phone',
    body: `The Ledgerly app for iPhone and Android lets you run your billing away from the desk.

With the app you can create and send invoices and estimates, record payments, photograph receipts, and see who owes you money. Push notifications tell you when a client views or pays an invoice.

## Sign in

Download Ledgerly from the App Store or Google Play and sign in with the same email and password as on the web. If you use two-step verification, you will be asked for a code as usual.

## Offline

You can create drafts and add expenses without a connection. They are uploaded the next time your phone is online. Sending invoices and taking payments needs a connection.

Some settings, such as branding, numbering and team management, are only available on the web.`,
  },
  {
    id: 'ledgerly-time-billing',
    title: 'Bill for hours worked',
    body: `If you charge by the hour, Ledgerly can track your time and turn it into invoice lines.

## Track time

Open **Time** and start the timer when you begin work, or add an entry by hand afterwards. Each entry has a client, an optional project, a description and a duration. Set an hourly rate per client or per project under the client record.

## Invoice the hours

When you create an invoice for a client, click **Add unbilled time**. Choose the date range; Ledgerly groups the entries by project or by day, whichever you prefer, and calculates the amounts from the rates. Entries that have been invoiced are marked as billed so they are never charged twice.

Team members on the Business plan can track time too, and you can see everyone's hours in the **Time** report.`,
  },
]);
