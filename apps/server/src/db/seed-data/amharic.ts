/**
 * The Amharic localization seeded next to English (Ethiopia is Zema's home market). Keys are the
 * web app's English source strings exactly as written in the code, because the client looks lines
 * up by the English text; `:name` placeholders stay untranslated so values can be filled in.
 */
export const AMHARIC_LOCALIZATION = {
  name: 'አማርኛ',
  language: 'am',
  lines: {
    // Navbar and account menu
    Login: 'ግባ',
    Register: 'ተመዝገብ',
    'Account menu': 'የመለያ ምናሌ',
    Account: 'መለያ',
    'Profile page': 'የመገለጫ ገጽ',
    Notifications: 'ማሳወቂያዎች',
    Billing: 'ክፍያ',
    'Dark mode': 'ጨለማ ገጽታ',
    'Light mode': 'ብሩህ ገጽታ',
    'Log out': 'ውጣ',

    // Cookie notice and 404
    'Cookie notice': 'የኩኪ ማሳሰቢያ',
    'This website uses cookies to ensure you get the best experience on our website.':
      'ይህ ድረ-ገጽ በድረ-ገጻችን ላይ የተሻለውን ተሞክሮ እንዲያገኙ ኩኪዎችን ይጠቀማል።',
    OK: 'እሺ',
    "Looks like you've found the doorway to the great nothing": 'ወደ ታላቁ ባዶነት የሚወስደውን በር ያገኙ ይመስላል',
    'Take me there!': 'ወደዚያ ውሰደኝ!',

    // Sign in, register, password reset, email verification, two-factor challenge
    'Sign in to your account': 'ወደ መለያዎ ይግቡ',
    'To join your team on :siteName, log in to your account': 'በ:siteName ላይ ቡድንዎን ለመቀላቀል ወደ መለያዎ ይግቡ',
    "Don't have an account?": 'መለያ የለዎትም?',
    'Sign up.': 'ይመዝገቡ።',
    Email: 'ኢሜይል',
    Password: 'የይለፍ ቃል',
    'Forgot your password?': 'የይለፍ ቃልዎን ረስተዋል?',
    'Stay signed in for a month': 'ለአንድ ወር እንደገቡ ይቆዩ',
    Continue: 'ቀጥል',
    or: 'ወይም',
    'To join your team on :siteName, create an account': 'በ:siteName ላይ ቡድንዎን ለመቀላቀል መለያ ይፍጠሩ',
    "First, let's create your account": 'በመጀመሪያ መለያዎን እንፍጠር',
    'Create a new account': 'አዲስ መለያ ይፍጠሩ',
    'Already have an account?': 'መለያ አለዎት?',
    'Sign in.': 'ይግቡ።',
    'Confirm password': 'የይለፍ ቃሉን ያረጋግጡ',
    // Followed by the policy's name as a link ("I accept the Terms of Service").
    'I accept the': 'እቀበላለሁ፦',
    'Create account': 'መለያ ፍጠር',
    'Enter your email address and we will send you a link to choose a new password.':
      'የኢሜይል አድራሻዎን ያስገቡ፤ አዲስ የይለፍ ቃል የሚመርጡበትን ሊንክ እንልክልዎታለን።',
    'Back to sign in': 'ወደ መግቢያ ተመለስ',
    'Reset your password': 'የይለፍ ቃልዎን ዳግም ያስጀምሩ',
    'New password': 'አዲስ የይለፍ ቃል',
    'Reset password': 'የይለፍ ቃል ዳግም አስጀምር',
    'Verify your email': 'ኢሜይልዎን ያረጋግጡ',
    'Enter the verification code we sent to :email': 'ወደ :email የላክነውን የማረጋገጫ ኮድ ያስገቡ',
    Code: 'ኮድ',
    Next: 'ቀጣይ',
    'Resend email': 'ኢሜይሉን እንደገና ላክ',
    'Two-factor authentication': 'ባለሁለት ደረጃ ማረጋገጫ',
    'Confirm access to your account by entering the authentication code provided by your authenticator application.':
      'የማረጋገጫ መተግበሪያዎ የሰጠዎትን የማረጋገጫ ኮድ በማስገባት ወደ መለያዎ መግባትዎን ያረጋግጡ።',
    'Confirm access to your account by entering one of your emergency recovery codes.':
      'ከአደጋ ጊዜ መልሶ ማግኛ ኮዶችዎ አንዱን በማስገባት ወደ መለያዎ መግባትዎን ያረጋግጡ።',
    'Use a recovery code': 'የመልሶ ማግኛ ኮድ ይጠቀሙ',
    'Use an authentication code': 'የማረጋገጫ ኮድ ይጠቀሙ',
    'Recovery code': 'የመልሶ ማግኛ ኮድ',

    // Account settings: header, sidebar, panels and their main buttons
    'Account settings': 'የመለያ ቅንብሮች',
    'Manage your profile, sign-in and security, and how the site works for you.':
      'መገለጫዎን፣ አገባብዎንና ደህንነትዎን እንዲሁም ድረ-ገጹ ለእርስዎ እንዴት እንደሚሠራ ያስተዳድሩ።',
    'Loading account': 'መለያው በመጫን ላይ',
    'Try again': 'እንደገና ይሞክሩ',
    'Account settings sections': 'የመለያ ቅንብሮች ክፍሎች',
    'Account details': 'የመለያ ዝርዝሮች',
    'Your name and profile image, as others see them.': 'ሌሎች እንደሚያዩት ስምዎና የመገለጫ ምስልዎ።',
    'Social login': 'በማኅበራዊ መለያ መግቢያ',
    'Sign in with a third-party account instead of your email and password.':
      'በኢሜይልና በይለፍ ቃል ፋንታ በሌላ አገልግሎት መለያ ይግቡ።',
    'Update password': 'የይለፍ ቃል ያዘምኑ',
    'Use a long, random password to stay secure. Other devices are signed out when it changes.':
      'ደህንነትዎን ለመጠበቅ ረጅምና በዘፈቀደ የተመረጠ የይለፍ ቃል ይጠቀሙ። የይለፍ ቃሉ ሲቀየር ሌሎች መሣሪያዎች ከመለያው ይወጣሉ።',
    'Add additional security to your account using two-factor authentication.':
      'ባለሁለት ደረጃ ማረጋገጫን በመጠቀም ለመለያዎ ተጨማሪ ደህንነት ይስጡ።',
    Enable: 'አንቃ',
    Disable: 'አሰናክል',
    'Regenerate recovery codes': 'የመልሶ ማግኛ ኮዶችን እንደገና ፍጠር',
    'Active sessions': 'ንቁ ክፍለ-ጊዜዎች',
    'Where you are signed in. If something looks unfamiliar, log out the other sessions and update your password.':
      'የገቡባቸው ቦታዎች። የማያውቁት ነገር ካለ ሌሎቹን ክፍለ-ጊዜዎች ዘግተው የይለፍ ቃልዎን ያዘምኑ።',
    'Log out other sessions': 'ከሌሎች ክፍለ-ጊዜዎች ውጣ',
    'Location and language': 'አካባቢ እና ቋንቋ',
    'Dates and times are shown in your time zone; the interface uses your language.':
      'ቀኖችና ሰዓቶች በእርስዎ የሰዓት ሰቅ ይታያሉ፤ በይነገጹም በእርስዎ ቋንቋ ይታያል።',
    Save: 'አስቀምጥ',
    Developers: 'ለገንቢዎች',
    'Personal access tokens let scripts and other apps call the API as you: send one in the Authorization header as "Bearer <token>".':
      'የግል መዳረሻ ቶከኖች ስክሪፕቶችና ሌሎች መተግበሪያዎች በእርስዎ ስም API እንዲጠሩ ያስችላሉ፦ ቶከኑን በAuthorization ራስጌ ውስጥ "Bearer <token>" ብለው ይላኩ።',
    'Create token': 'ቶከን ፍጠር',
    'API documentation': 'የAPI ሰነድ',
    'Danger zone': 'አደገኛ ክፍል',
    'Once your account is deleted, all of its resources and data will be permanently deleted: your profile, sessions, access tokens and uploaded images.':
      'መለያዎ አንዴ ከተሰረዘ ሀብቶቹና መረጃዎቹ በሙሉ እስከመጨረሻው ይሰረዛሉ፦ መገለጫዎ፣ ክፍለ-ጊዜዎችዎ፣ የመዳረሻ ቶከኖችዎና የሰቀሏቸው ምስሎች።',
    'Delete account': 'መለያ ሰርዝ',

    // Notifications, rendered by the server (domain/notifications/render.ts)
    ':name followed you': ':name እርስዎን መከተል ጀምሯል',
    'View profile': 'መገለጫውን ይመልከቱ',
    ':artist released :title': ':artist «:title»ን አውጥቷል',
    'New release by an artist you follow': 'ከሚከተሉት አርቲስት አዲስ ሥራ',
    ':count new releases by artists you follow': 'ከሚከተሏቸው አርቲስቶች :count አዳዲስ ሥራዎች',
    Listen: 'ያዳምጡ',
    ':inviter invited you to join :workspace': ':inviter ወደ :workspace እንዲቀላቀሉ ጋብዞዎታል',
    'Role: :role': 'ሚና፦ :role',
    Join: 'ተቀላቀል',
    Decline: 'አትቀበል',
    ':name added you as a collaborator on :playlist': ':name በ:playlist ላይ ተባባሪ አድርጎ አክሎዎታል',
    'Open playlist': 'የአጫዋች ዝርዝሩን ክፈት',
    'New notification': 'አዲስ ማሳወቂያ',
    ':count new notifications': ':count አዳዲስ ማሳወቂያዎች',
    'See all notifications': 'ሁሉንም ማሳወቂያዎች ይመልከቱ',

    // Invoices (the PDF: domain/billing/invoice-pdf.ts, and the printable page) and the billing page
    Invoice: 'ደረሰኝ',
    'Invoice :number': 'ደረሰኝ :number',
    'Invoice number: :number': 'የደረሰኝ ቁጥር፦ :number',
    'Issued: :date': 'የተሰጠበት ቀን፦ :date',
    'TIN: :tin': 'የግብር ከፋይ መለያ ቁጥር፦ :tin',
    'Billed to': 'ደረሰኙ የተሰጠው ለ',
    Description: 'መግለጫ',
    Amount: 'መጠን',
    'Subtotal (excluding VAT)': 'ንዑስ ድምር (ተ.እ.ታ ሳይጨምር)',
    'VAT (:rate)': 'ተ.እ.ታ (:rate)',
    Total: 'ጠቅላላ',
    Payment: 'ክፍያ',
    'Paid with :method': 'የተከፈለው በ:method',
    'Reference: :reference': 'ማጣቀሻ፦ :reference',
    'Prices include VAT.': 'ዋጋዎቹ ተ.እ.ታን ያካትታሉ።',
    Card: 'ካርድ',
    'Sandbox (test mode)': 'ሳንድቦክስ (የሙከራ ሁነታ)',
    'Granted by an administrator': 'በአስተዳዳሪ የተሰጠ',
  } satisfies Record<string, string>,
};
