import { productDocs } from './types';

/** Trackwise: a project and task tracker for teams. */
export const TRACKWISE = productDocs('Trackwise', [
  {
    id: 'trackwise-create-project',
    title: 'Create a project in Trackwise',
    body: `Projects hold your team's tasks, boards and files. Anyone with the Member role can create one.

Click the **+** next to **Projects** in the sidebar. Give the project a name and choose a starting point:

- **Blank**: an empty list with the columns To do, In progress and Done.
- **Software sprint**: a backlog, a sprint board and story points already set up.
- **Marketing campaign**: a timeline with phases and a content calendar.

## Privacy

A project is visible to everyone in the workspace by default. Switch **Private** on to limit it to the people you add. Private projects do not appear in search for anyone else, and tasks in them cannot be linked from public projects.

## Project lead

The person who creates the project becomes its lead. The lead receives weekly status summaries and can change project settings. Change the lead under **Project settings > General**.`,
  },
  {
    id: 'trackwise-board-columns',
    title: 'Customize board columns and task statuses',
    body: `Each column on a Trackwise board is a status. Tailor them to the way your team works, for example adding *In review* between *In progress* and *Done*.

## Add or rename a column

Open the board, scroll to the right and click **Add column**. To rename a column, click its title. Drag a column by its header to reorder it.

## Status categories

Every status belongs to one of three categories: not started, started or finished. Reports and the burndown chart use the category, not the column name, so a task moved to any finished column counts as completed.

## Work-in-progress limits

Click the column menu and choose **Set limit** to cap the number of tasks in it. The column header turns red when the limit is exceeded; Trackwise does not stop you from moving tasks in, but it makes the bottleneck visible.

Deleting a column asks where its tasks should go.`,
  },
  {
    id: 'trackwise-sprints',
    title: 'Plan and start a sprint',
    body: `Sprints are fixed periods, usually one or two weeks, in which your team commits to a set of tasks. Sprints are available in projects created from the Software sprint template, or after turning on **Sprints** in project settings.

## Plan

Open the **Backlog**. The upcoming sprint is shown at the top. Drag tasks from the backlog into it. The sprint header adds up the story points of the tasks you included, and compares them with the team's average velocity over the last three sprints.

## Start

Click **Start sprint**, confirm the dates and write a sprint goal. The tasks appear on the sprint board.

## Complete

At the end, click **Complete sprint**. Unfinished tasks can go back to the backlog or move into the next sprint. Trackwise saves a sprint report with what was committed, what was completed and what was added during the sprint.`,
  },
  {
    id: 'trackwise-story-points',
    title: 'Estimate tasks with story points or hours',
    body: `Estimates help your team plan how much fits in a sprint. Trackwise supports story points and time estimates; choose one per project under **Project settings > Estimation**.

## Story points

Story points describe relative effort, not hours. Most teams use the Fibonacci sequence: 1, 2, 3, 5, 8, 13. Set the points in the task's **Estimate** field, or during a planning session with the **Estimate together** button, where everyone votes privately and the votes are revealed at once.

## Time estimates

With time estimates, enter values like 3h or 2d. A day counts as eight hours unless you change the working day length in workspace settings.

Sub-tasks can have their own estimates; the parent task shows the sum. Velocity and burndown charts use whichever unit the project uses.`,
  },
  {
    id: 'trackwise-dependencies',
    title: 'Link tasks that depend on each other',
    body: `Some work cannot start until other work is finished. Dependencies make that visible so nobody picks up a task that is stuck.

Open a task, click **Link** and choose the relationship:

- **Blocked by**: this task cannot start until the other is done.
- **Blocks**: the reverse.
- **Relates to**: a loose connection, for reference only.

A blocked task shows a red chain icon on the board and in lists. When the blocking task is moved to a finished status, the icon disappears and the assignee of the blocked task is notified that they can start.

On the timeline, dependencies are drawn as arrows. If you drag a task so that it would start before its blocker ends, Trackwise offers to move the dependent tasks along with it.

Tasks in different projects can be linked, as long as you can see both projects.`,
  },
  {
    id: 'trackwise-timeline',
    title: 'Plan with the timeline view',
    body: `The timeline view shows tasks as bars on a calendar, making it easy to see what happens when and where work overlaps.

Open a project and choose **Timeline** from the view switcher. Tasks need a start date and a due date to appear as bars; tasks with only a due date appear as diamonds, like milestones.

## Scheduling

Drag a bar to move it, or drag its ends to change its length. Hold Shift while dragging to move every task that depends on it as well. Weekends are shaded and skipped when calculating durations; change the working days under workspace settings.

## Milestones

Mark a task as a milestone from its menu. Milestones are shown as diamonds and listed at the top of the project overview.

## Sharing

Export the timeline as a PNG or PDF from the **Share** menu, for example to include it in a status report for stakeholders who do not use Trackwise.`,
  },
  {
    id: 'trackwise-recurring-tasks',
    title: 'Make a task repeat',
    body: `For chores that come back regularly, such as a weekly report or a monthly invoice check, make the task recurring instead of creating it again each time.

Open the task, click the due date and choose **Repeat**. Pick daily, weekly on chosen days, monthly on a date or on a weekday (for example the first Monday), or a custom interval.

When you complete a recurring task, Trackwise creates the next occurrence with the same title, description, assignee, checklist and labels, and a due date set according to the rule. Comments and attachments are not copied.

To stop the repetition, open the latest occurrence and choose **Repeat > Never**. Completed occurrences stay in the project history.

## Missed occurrences

If a recurring task is not completed by its due date, Trackwise does not pile up extra copies. The next occurrence is created only once the current one is done, with its due date counted from the original rule, or from the completion date if you tick **Repeat from completion**.`,
  },
  {
    id: 'trackwise-task-templates',
    title: 'Save tasks as templates',
    body: `If your team often creates tasks with the same structure, such as a bug report with a checklist of reproduction steps, or a new hire onboarding checklist, save it as a template.

Open a task that has the description, checklist, labels and sub-tasks you want to reuse. Click the task menu and choose **Save as template**. Templates belong to the project by default; tick **Available in all projects** to share it across the workspace.

To use a template, click the arrow next to **New task** and pick it from the list. Placeholders like {date} and {creator} are filled in when the task is created.

Edit or delete templates under **Project settings > Templates**. Changing a template does not affect tasks already created from it.`,
  },
  {
    id: 'trackwise-notifications',
    title: 'Manage Trackwise notifications',
    body: `Trackwise notifies you about things that involve you: tasks assigned to you, comments where someone @mentions you, changes to tasks you follow, and approaching due dates.

## Where notifications go

Every notification appears in your **Inbox** in the app. You can also receive them by email, as push notifications on mobile, or in Slack if the integration is connected. Choose channels per type of event under **Profile > Notifications**.

## Fewer emails

Switch email to **Daily digest** to get one summary each morning instead of an email per event. Turn on **Do not disturb** to pause push notifications outside your working hours.

## Following tasks

You automatically follow tasks you create, are assigned to, or comment on. To stop receiving updates about a task, open it and click **Unfollow**. To mute a whole project, open its menu and choose **Mute project**.`,
  },
  {
    id: 'trackwise-guests',
    title: 'Invite clients and freelancers as guests',
    body: `Guests are people outside your company, such as clients, agencies or freelancers, who need to work on some of your projects without seeing everything else.

Open the project you want to share and click **Share > Invite guest**. Enter their email address. Guests can only see the projects they are invited to, and inside them only tasks that are not marked as internal.

## What guests can do

Guests can comment, upload files, and complete tasks assigned to them. They cannot create projects, see the member list of the workspace, or use search outside their projects.

## Cost

Each paid seat includes five free guests. Guests beyond that are billed as regular members.

Remove a guest from **Workspace settings > Guests**; their comments and files remain.`,
  },
  {
    id: 'trackwise-roles-permissions',
    title: 'Roles and permissions in a Trackwise workspace',
    body: `Trackwise has four workspace roles.

- **Owner**: one per workspace. Manages billing, can delete the workspace and transfer ownership.
- **Admin**: manages members, guests, integrations and security settings.
- **Member**: creates projects and works in every project they have access to.
- **Guest**: sees only the projects they are invited to.

## Project permissions

Inside a project, each person is either an editor or a viewer. Viewers can see and comment but not change tasks. Project leads can change anyone's project permission.

## Changing a role

Admins change roles under **Workspace settings > Members**. Click the role next to a name and choose a new one. To transfer ownership, the owner opens **Workspace settings > General > Transfer ownership**; the new owner must be an admin already.`,
  },
  {
    id: 'trackwise-archive-project',
    title: 'Archive, delete or restore a project',
    body: `When a project is finished, archive it to keep your sidebar tidy while preserving its history.

## Archive

Open the project menu and choose **Archive**. Archived projects are read-only and hidden from the sidebar and from default search results. Find them under **Projects > Archived**, where you can also unarchive them.

## Delete

Deleting removes the project with all its tasks, comments and files. Open **Project settings > General** and click **Delete project**. Only admins and the project lead can do this.

## Restore from trash

Deleted projects and tasks go to the trash for 30 days. Open **Trash** at the bottom of the sidebar, find the item and click **Restore**. After 30 days it is removed for good and cannot be recovered, even by support.`,
  },
  {
    id: 'trackwise-custom-fields',
    title: 'Add custom fields to tasks',
    body: `Custom fields let you track information specific to your work, such as a customer name, a priority score, a budget or a release version.

Go to **Project settings > Fields** and click **Add field**. Choose a type: text, number, currency, date, single select, multi-select, checkbox or person. Give it a name and, for select fields, the options with colours.

The field then appears on every task in the project. You can show it as a column in list view, filter and sort by it, and group the board by any select field.

## Sharing fields

Admins can create workspace fields under **Workspace settings > Fields** and add them to several projects, so that reports across projects can use the same values.

Custom fields are available on the Team and Enterprise plans. The free plan includes three fields per project.`,
  },
  {
    id: 'trackwise-time-tracking',
    title: 'Log time spent on tasks',
    body: `Track how long work really takes, for client billing or to improve your estimates.

## Start a timer

Open a task and click **Start timer**. The timer keeps running if you close the task or switch projects; you can see it in the top bar. Only one timer runs at a time, so starting another stops the first.

## Log time manually

Click **Log time** on the task and enter the duration, the date and an optional note. Entries can be edited or deleted from the task's **Time** tab.

## Reports

The **Time report** sums logged time by person, project, task or label, over any date range. Mark entries as billable to separate client work from internal work. The report can be exported to CSV for invoicing in your billing software.

Admins can turn off time tracking for the workspace under **Workspace settings > Features**.`,
  },
  {
    id: 'trackwise-github-integration',
    title: 'Connect GitHub to link commits and pull requests',
    body: `The GitHub integration shows code activity on the tasks it belongs to, so everyone sees the state of the work without asking a developer.

## Connect

An admin opens **Workspace settings > Integrations > GitHub** and clicks **Connect**. On GitHub, choose the organization and the repositories Trackwise may read.

## Link work to a task

Every task has a short key such as WEB-142. Mention it in a branch name, commit message or pull request title, and the item appears in the task's **Development** panel with its status: open, merged or closed.

## Automatic status changes

Under **Project settings > Automations** you can move a task to *In review* when a pull request is opened and to *Done* when it is merged.

The integration needs read access only and never changes your code. Private repositories are supported.`,
  },
  {
    id: 'trackwise-slack-integration',
    title: 'Use Trackwise with Slack',
    body: `Connect Slack to create tasks from messages and keep channels informed about project progress.

## Install

Go to **Workspace settings > Integrations > Slack** and click **Add to Slack**. Each person then links their own Slack account the first time they use the integration, so actions are attributed to them.

## Create tasks from messages

Hover over a message in Slack, open the **More actions** menu and choose **Create Trackwise task**. The message text becomes the description and includes a link back to the conversation.

## Project updates in a channel

In a project, open **Share > Slack channel** and choose a channel. Trackwise posts there when tasks are created, completed or become overdue; pick which events you want.

Your personal Trackwise notifications can also be delivered as Slack direct messages instead of email.`,
  },
  {
    id: 'trackwise-import',
    title: 'Import tasks from a CSV file or another tool',
    body: `Bring your existing work into Trackwise so you can start without retyping everything.

## From another tool

Go to **Workspace settings > Import** and choose the tool you are coming from. Trackwise connects to it with your permission and copies projects, tasks, assignees, comments, attachments and due dates. Large imports run in the background; you get an email when they finish.

## From a CSV file

Choose **CSV file** and upload it. Each row becomes a task. Map the columns to Trackwise fields: title, description, assignee (by email), status, due date, labels or any custom field. Values in the status column must match existing column names, or Trackwise creates new columns for them.

An import can be undone for 24 hours from the import history, which deletes all the tasks it created.`,
  },
  {
    id: 'trackwise-export',
    title: 'Export your Trackwise data',
    body: `You can export data from Trackwise at any time.

## One project

Open the project, choose **Share > Export** and pick CSV or JSON. CSV contains one row per task with its fields, which is handy for spreadsheets. JSON includes comments, sub-tasks, links and the history of changes.

## The whole workspace

Admins can export everything under **Workspace settings > Export**. The export is a ZIP file with one JSON file per project, plus members, custom fields and attachments. Preparing it can take up to an hour for large workspaces; we email a download link when it is ready. The link expires after seven days.

## Scheduled backups

On the Enterprise plan, exports can be scheduled to run every night and be stored in your own cloud storage bucket.`,
  },
  {
    id: 'trackwise-reset-password',
    title: 'Trouble signing in to Trackwise',
    body: `Most sign-in problems are fixed in a minute.

## Forgot your password

On the sign-in page, click **Forgot password** and enter your work email. We send a link to choose a new password; it is valid for one hour. If you do not see the email, check your spam folder or search for mail from Trackwise.

## Your company uses single sign-on

If your workspace signs in with your company account (Okta, Microsoft Entra or Google), the password is managed by your company. Click **Sign in with SSO** and use your company login; contact your IT team if that fails.

## Locked out after too many attempts

After ten failed attempts, sign-in is blocked for 15 minutes. Wait and try again, or reset your password to unlock immediately.

## Wrong workspace

If you belong to several workspaces, use the workspace switcher after signing in.`,
  },
  {
    id: 'trackwise-sso',
    title: 'Set up SAML single sign-on for your workspace',
    body: `On the Enterprise plan, admins can require everyone to sign in to Trackwise through your identity provider.

## Configure

Go to **Workspace settings > Security > Single sign-on** and click **Configure SAML**. Copy the ACS URL and Entity ID shown there into a new SAML application in your identity provider. Then paste your provider's metadata URL into Trackwise. Click **Test** to sign in once before enforcing it.

## Enforce

Once the test succeeds, choose **Require SSO**. Members then sign in only through the identity provider; their Trackwise passwords no longer work. Guests keep signing in with email and password unless you enforce SSO for them too.

## Provisioning

Turn on SCIM provisioning to create and deactivate members automatically when they join or leave your company. Deactivated members lose access at once and free their seat.`,
  },
  {
    id: 'trackwise-billing-seats',
    title: 'How Trackwise billing and seats work',
    body: `Trackwise is billed per seat. Every member and admin uses one seat; guests are free up to five per paid seat.

## Adding people

When you invite someone and no seats are free, Trackwise adds a seat automatically and charges a prorated amount for the rest of the billing period. On annual plans, added seats are billed at the next monthly reconciliation.

## Removing people

Deactivating a member frees their seat, but the charge is not reduced until you lower the seat count under **Workspace settings > Billing > Seats**. Lowering takes effect at the next renewal.

## Invoices and payment

The owner and billing admins find invoices under **Billing > History**. Pay by card on monthly plans, or by card or bank transfer on annual plans. Add a purchase order number and tax ID to invoices from **Billing > Details**.`,
  },
  {
    id: 'trackwise-automations',
    title: 'Automate repetitive work with rules',
    body: `Rules take care of routine updates so your team does not have to. A rule has a trigger, optional conditions and one or more actions.

## Examples

- When a task moves to *Done*, mark its checklist items complete and notify the requester.
- When a task's priority is set to *Urgent*, assign it to the on-call person and add it to the current sprint.
- Every Monday at 9:00, create a task for the weekly status report.

## Create a rule

Open **Project settings > Automations** and click **New rule**, or start from one of the suggested recipes. Test it with **Run on a sample task** before turning it on.

## Limits

The free plan includes 100 rule runs per month; paid plans include more. The automation log shows every run, what it changed, and any error, such as an assignee who has left the workspace.`,
  },
  {
    id: 'trackwise-workload',
    title: 'Balance work across the team with the workload view',
    body: `The workload view shows how much each person has on their plate, week by week, so you can spot overload before deadlines slip.

Open **Workload** from the sidebar and choose the projects and people to include. Each cell shows the total estimate of tasks due that week for that person, compared with their capacity. Cells turn orange above 80% and red above 100%.

## Capacity

Capacity defaults to 40 hours a week, or a number of story points you set. Adjust it per person under their profile, for example for part-time colleagues, and mark holidays so capacity drops for those days.

## Rebalancing

Drag a task from one person's row to another to reassign it, or along the row to change its due date. Unestimated tasks are counted separately at the bottom of each column.`,
  },
  {
    id: 'trackwise-keyboard-shortcuts',
    title: 'Keyboard shortcuts',
    body: `Move faster in Trackwise without reaching for the mouse. Press ? anywhere to see the full list.

## Everywhere

- **C**: create a task
- **/**: search
- **G then I**: go to your inbox
- **G then M**: go to My tasks

## On a task

- **A**: assign
- **D**: set a due date
- **L**: add a label
- **M**: assign to me
- **Ctrl+Enter** (Cmd+Enter on Mac): save a comment

## Boards

Use the arrow keys to move between cards and Shift with an arrow key to move the selected card to the next column.

Shortcuts can be turned off under **Profile > Preferences** if they conflict with a screen reader or another tool. On keyboards with a layout other than US English, some shortcuts use the key in the same position rather than the same letter; the list shown with ? always matches your layout.`,
  },
  {
    id: 'trackwise-burndown',
    title: 'Burndown charts and velocity reports',
    body: `Sprint reports show whether your team is on track and how much it usually completes.

## Burndown

The burndown chart shows remaining work, in story points or hours, for each day of the active sprint. The grey line is the ideal pace; the blue line is what is actually left. If the blue line stays flat, work is not being finished or new work is being added. Find it under **Reports > Burndown**.

## Velocity

The velocity chart compares committed and completed work for the last seven sprints. Use the average completed amount to decide how much to put in the next sprint.

## Cumulative flow

The cumulative flow diagram shows the number of tasks in each status over time. A widening band means tasks pile up in that status.

Reports count a task as done when it is in any column of the finished category.`,
  },
  {
    id: 'trackwise-attachments',
    title: 'Attach files to tasks',
    body: `Keep designs, documents and screenshots with the work they belong to.

Drag files onto a task, or click **Attach** and choose them from your computer, Google Drive, Dropbox or OneDrive. Files from cloud drives are linked rather than copied, so they always show the latest version.

Images and PDFs get a preview; click to open them full screen and leave comments pinned to a spot on an image.

## Storage

The free plan includes 1 GB of storage per workspace and a 25 MB limit per file. Paid plans include 100 GB per workspace and 1 GB per file. See your usage under **Workspace settings > Billing > Storage**.

Deleting a task moves its attachments to the trash along with it. Cloud drive links never count towards storage.`,
  },
]);
