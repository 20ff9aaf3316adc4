; Inno Setup script: turns the PyInstaller bundle into a Windows installer.
;
;   .venv\Scripts\pip install -e .[dist]
;   .venv\Scripts\pyinstaller --noconfirm packaging\middleground.spec
;   dist\middleground\middleground-console.exe --self-test
;   iscc packaging\windows\middleground.iss
;
; The installer lands in dist\middleground-VERSION-windows-x64-setup.exe. Name and version are
; read from the built middleground.exe, whose version resource the spec writes from the
; package, so nothing here changes for a release. It installs per user by default (no admin
; rights needed on a borrowed event laptop); the wizard offers all users too.

#define Dist AddBackslash(SourcePath) + "..\..\dist\middleground"
#define AppExe "middleground.exe"
#ifndef AppVersion
  #define AppVersion GetStringFileInfo(Dist + "\" + AppExe, "ProductVersion")
#endif
#ifndef AppName
  #define AppName GetStringFileInfo(Dist + "\" + AppExe, "ProductName")
#endif

[Setup]
; The AppId identifies the app across versions for upgrades and uninstall: never change it.
AppId={{97E4F327-2730-4C6F-83C7-62CED23DE3DE}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher={#AppName}
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
SetupIconFile=..\..\assets\icons\middleground.ico
UninstallDisplayIcon={app}\{#AppExe}
UninstallDisplayName={#AppName}
OutputDir=..\..\dist
OutputBaseFilename=middleground-{#AppVersion}-windows-x64-setup
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[InstallDelete]
; An upgrade replaces the whole bundle: files a new version no longer ships must not linger.
Type: filesandordirs; Name: "{app}\_internal"

[Files]
; The whole onedir bundle: middleground.exe (windowed), middleground-console.exe (for
; --self-test and tracebacks) and _internal\.
Source: "{#Dist}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{group}\{#AppName}"; Filename: "{app}\{#AppExe}"
Name: "{group}\{cm:UninstallProgram,{#AppName}}"; Filename: "{uninstallexe}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExe}"; Tasks: desktopicon

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent
