/**
 * A realistic small help center (twelve public articles of an online store), for tests of the widget's
 * Help search that need more than a handful of articles to show how results are ranked and cut.
 */
export const STORE_ARTICLES: { title: string; body: string }[] = [
  {
    title: 'Reset your password',
    body: 'Forgot your password? Open the sign-in page, choose Forgot password and follow the link we email you. The link works for one hour.',
  },
  {
    title: 'Track your order',
    body: 'Every order has a tracking page. Open the confirmation email and choose Track order, or open Account > Orders and pick the order. Deliveries usually arrive in 2 to 4 working days.',
  },
  {
    title: 'Returns and refunds',
    body: 'You can return most items within 30 days. Refunds go back to the original payment method within 5 working days of us receiving the parcel.',
  },
  {
    title: 'Shipping costs and delivery times',
    body: 'Standard delivery is free above 50 euros and takes 2 to 4 working days. Express delivery arrives the next working day when you order before 2 pm.',
  },
  {
    title: 'Payment methods we accept',
    body: 'We accept Visa, Mastercard, American Express, PayPal and bank transfer. Your card is charged when the order ships.',
  },
  {
    title: 'Change or cancel an order',
    body: 'You can change the address or cancel an order until it ships. Open Account > Orders, pick the order and choose Change or Cancel.',
  },
  {
    title: 'Find your size',
    body: 'Our shoes run true to size. Measure your foot from heel to toe and compare it with the size chart on every product page.',
  },
  {
    title: 'Gift cards',
    body: 'Gift cards are sent by email and never expire. Enter the code at checkout; any balance stays on the card for the next order.',
  },
  {
    title: 'Update your email address',
    body: 'Open Account > Profile, enter the new email address and confirm it with the link we send to it.',
  },
  {
    title: 'Delete your account',
    body: 'Open Account > Privacy and choose Delete account. We remove your personal data within 30 days; invoices are kept as the law requires.',
  },
  {
    title: 'Care for your shoes',
    body: 'Brush off dirt after each run, wash the upper by hand with mild soap and let the shoes dry away from the heater.',
  },
  {
    title: 'Our warranty',
    body: 'Every pair has a two-year warranty against defects in materials and workmanship. Send us a photo of the defect to start a claim.',
  },
];
