import { productDocs } from '../types';

/** Brewbox: a coffee-bean subscription delivered by post. */
export const BREWBOX = productDocs('Brewbox', [
  {
    id: 'brewbox-pause-subscription',
    title: 'Pause or skip a Brewbox delivery',
    body: `Going on holiday or still working through your last bag? You can pause your Brewbox plan or skip single shipments without cancelling.

## Skip one shipment

Open **My plan** and find the next shipment date. Click **Skip** and that box will not be roasted or sent. Your following shipment moves to the usual date after it.

## Pause for longer

Choose **Pause plan** and pick how many weeks, from one to twelve. Nothing is charged while the plan is paused, and it resumes on its own at the end. Your loyalty level and your subscriber discount are kept during a pause.`,
  },
  {
    id: 'brewbox-grind-size',
    title: 'Choose your grind size',
    body: `Brewbox ships whole beans by default, which stay fresh the longest. If you do not own a grinder we grind the coffee for you the morning it is roasted.

## Grind options

Pick **Espresso** for a fine powder, **Filter** for drip machines and pour-over, **French press** for a coarse grind and **Cold brew** for the coarsest setting. Each bag can have its own grind.

## Change the grind

Open **My plan**, click the coffee, and choose a grind under **Preparation**. Changes made before the roast day apply to the next box; after that they apply to the one after.`,
  },
  {
    id: 'brewbox-loyalty-beans',
    title: 'Loyalty points and rewards',
    body: `Every paid box earns loyalty points we call Beans: one Bean for each euro spent. Beans never expire while your plan is active or paused.

## Spend your Beans

At 100 Beans you can swap them for a free bag of any single origin, and at 250 for a ceramic dripper. Choose a reward under **Rewards** and it is added to your next box at no charge.

## Levels

Subscribers who keep a plan for six months reach the Gold level, which adds a 10% subscriber discount on every box. Cancelling resets your level; pausing does not.`,
  },
  {
    id: 'brewbox-reset-password',
    title: 'Reset your Brewbox password',
    body: `If you cannot sign in, ask for a reset link from the sign-in page.

## Get a reset link

Click **Forgot password?**, enter the e-mail address you subscribed with and press **Send link**. The link arrives within a few minutes and works for one hour. Check your spam folder if nothing arrives.

## Set the new password

Open the link, type a new password of at least ten characters and confirm it. You are signed in straight away and every other device is signed out. If you no longer use that mailbox, contact support with your order number so we can check it is you.`,
  },
  {
    id: 'brewbox-delivery-address',
    title: 'Change the delivery address',
    body: `Moved house or want your coffee sent to the office? You can change where boxes go at any time.

## Update the address

Open **Account**, then **Delivery address**, and enter the new street, postcode and city. Add a note for the courier if the entrance is hard to find. The change applies to every box that has not yet left the roastery.

## A box already on its way

Once a box is dispatched its label cannot be changed. Use the tracking link in your dispatch e-mail to ask the courier to redirect it, or let it come back to us and we send it again free of charge.`,
  },
  {
    id: 'brewbox-damaged-bag',
    title: 'Damaged, torn or stale coffee',
    body: `Every bag is sealed with a one-way valve and should arrive intact. If something went wrong in transit, we replace it.

## Report a problem

Open the order under **Orders**, click **Report a problem** and add a photo of the bag and the box. Tell us whether the bag was torn, crushed or the beans tasted flat.

## What happens next

We send a replacement bag with your next box, or straight away if you ask for it, and never ask you to return the damaged one. Reports need to be made within 30 days of delivery.`,
  },
  {
    id: 'brewbox-gift-subscription',
    title: 'Give Brewbox as a gift',
    body: `A gift plan sends three, six or twelve boxes to someone else, paid once up front.

## Buy a gift

Choose **Gift a plan**, pick the length and the coffee style, and enter the recipient's name and address. You can write a card message and choose the date of the first box, for a birthday for example.

## What the recipient sees

They receive the boxes with your message in the first one; no account is needed. When the gift ends they get an e-mail offering to continue at their own cost, and nothing is charged unless they accept.`,
  },
  {
    id: 'brewbox-cancel-subscription',
    title: 'Cancel your Brewbox subscription',
    body: `You can stop your plan at any time; there is no minimum term.

## How to cancel

Open **My plan**, scroll down and click **Cancel plan**. We ask for a reason, which is optional. If a box is already being roasted it will still be sent and charged; nothing after it will be.

## Before you cancel

Unused Beans are lost when a plan is cancelled, so spend them first under **Rewards**. If you only need a break, pausing keeps your Gold level and discount. You can restart a cancelled plan later from the same account.`,
  },
  {
    id: 'brewbox-payment-failed',
    title: 'Payment failed or card declined',
    body: `We charge your card two days before each box is roasted. If the charge fails we tell you by e-mail and try again.

## Update your card

Open **Account**, then **Payment method**, and enter a new card. We retry the charge within the hour, and your box keeps its date if the charge goes through before roast day.

## Repeated failures

After three failed attempts the shipment is skipped and your plan is paused until a working card is added. Your Beans and level are kept. Banks sometimes block the first charge from a new shop; approving it in your banking app usually solves it.`,
  },
  {
    id: 'brewbox-roast-levels',
    title: 'Roast levels explained',
    body: `Each coffee is roasted to bring out its origin. The roast level is printed on the bag and shown on the coffee's page.

## Light, medium and dark

Light roasts are bright and fruity and suit filter brewing. Medium roasts are rounder, with chocolate and nut notes, and work in any method. Dark roasts are bold and low in acidity, the classic choice for espresso with milk.

## Setting a preference

Under **Taste profile**, choose the roast levels you like and those you never want. Our roasters pick each month's coffee from the ones that match.`,
  },
]);
